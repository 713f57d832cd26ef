import type { ComboboxData } from '@mantine/core';
import type { Project } from '../../../shared/projects.schema.ts';

const optionOf = (project: Project) => ({
  value: String(project.id),
  label: project.client ? `${project.name} · ${project.client.name}` : project.name,
});

/**
 * Projects for a Select: active ones first; paused and completed ones (time may still be
 * logged late against them) in their own group unless `activeOnly`.
 */
export function projectOptions(projects: readonly Project[], activeOnly = false): ComboboxData {
  const active = projects.filter((p) => p.status === 'active').map(optionOf);
  if (activeOnly) return active;
  const others = projects.filter((p) => p.status !== 'active').map(optionOf);
  if (others.length === 0) return active;
  return [
    { group: 'Active', items: active },
    { group: 'Paused or completed', items: others },
  ];
}
