import type { SelectProps } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { Project } from '../../../shared/projects.schema.ts';
import { PICKER_ROWS, RecordSelect, useChosenLabel } from '../../components/record-select.tsx';
import { trpc } from '../../trpc.ts';

/** How a picker names a project: with its client, as two projects may share a name. */
export const projectLabel = (project: Pick<Project, 'name' | 'client'>) =>
  project.client ? `${project.name} · ${project.client.name}` : project.name;

/**
 * A project, searched by project or client name on the server: active ones first, paused
 * and completed ones (time may still be logged late against them) in their own group
 * unless `status` narrows the list or `clientId` keeps one client's projects.
 * `valueLabel` names the project already chosen when the caller knows it.
 */
export function ProjectPicker({
  value,
  valueLabel = null,
  onChange,
  status,
  clientId,
  grouped = true,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: number | null;
  valueLabel?: string | null;
  onChange: (projectId: number | null) => void;
  status?: Project['status'];
  clientId?: number;
  grouped?: boolean;
}) {
  const [query, setQuery] = useState('');
  const projects = trpc.projects.list.useQuery(
    { search: query || undefined, status, clientId, limit: PICKER_ROWS },
    { placeholderData: keepPreviousData },
  );
  const found = projects.data?.items ?? [];
  const someInactive = grouped && found.some((p) => p.status !== 'active');
  const options = [
    ...found.filter((p) => p.status === 'active'),
    ...found.filter((p) => p.status !== 'active'),
  ].map((project) => ({
    id: project.id,
    label: projectLabel(project),
    group: someInactive
      ? project.status === 'active'
        ? 'Active'
        : 'Paused or completed'
      : undefined,
  }));
  const chosen = useChosenLabel(value, options, valueLabel);

  return (
    <RecordSelect
      {...props}
      value={value}
      valueLabel={chosen.label}
      options={options}
      total={projects.data?.total ?? 0}
      searching={projects.isFetching}
      onQueryChange={setQuery}
      onChange={(id, text) => {
        chosen.remember(id, text);
        onChange(id);
      }}
      placeholder={projects.isPending ? 'Loading projects...' : props.placeholder}
    />
  );
}
