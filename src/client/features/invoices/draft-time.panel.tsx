import { Button, Group, Select, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';
import { DateRangeFilter } from '../../components/list/date-range-filter.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { UnbilledTimePicker } from './unbilled-time.picker.tsx';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * "Unbilled time" of a draft: the client's time on any of its projects that no invoice has
 * billed yet, narrowed by project and dates. Adding it saves the draft with new lines
 * (`timeEntryIds`), by the rules of creation; removing such a line later frees the time.
 * `disabled` while the draft has unsaved changes, which the save would otherwise drop.
 */
export function DraftTimePanel({
  invoice,
  disabled,
}: {
  invoice: Pick<InvoiceDetail, 'id' | 'clientId' | 'currency'>;
  disabled: boolean;
}) {
  const mutations = useInvoiceMutations();
  const [projectId, setProjectId] = useState<number | null>(null);
  const [range, setRange] = useState<{ from: string | null; to: string | null }>({
    from: null,
    to: null,
  });
  const [grouping, setGrouping] = useState<'entry' | 'project'>('entry');
  const [chosen, setChosen] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);

  const add = async (ids: number[]) => {
    setAdding(true);
    const saved = await mutations.update({
      id: invoice.id,
      timeEntryIds: ids,
      timeGrouping: grouping,
    });
    setAdding(false);
    if (saved) setChosen([]);
  };

  return (
    <UnbilledTimePicker
      title="Unbilled time"
      where={projectId === null && !range.from && !range.to ? 'for this client' : 'here'}
      filter={{
        clientId: invoice.clientId,
        ...(projectId !== null ? { projectId } : {}),
        ...(range.from ? { from: range.from } : {}),
        ...(range.to ? { to: range.to } : {}),
      }}
      currency={invoice.currency}
      value={chosen}
      onChange={setChosen}
      disabled={disabled || adding}
      controls={
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <ProjectPicker
            key={invoice.clientId}
            label="Project"
            placeholder="All projects"
            clientId={invoice.clientId}
            value={projectId}
            onChange={setProjectId}
            clearable
            nothingFoundMessage="This client has no projects"
          />
          <DateRangeFilter from={range.from} to={range.to} onChange={setRange} />
        </SimpleGrid>
      }
      footer={(ticked) => (
        <>
          {disabled && (
            <Text size="xs" c="dimmed">
              Save or discard the draft’s changes first.
            </Text>
          )}
          <Group justify="flex-end" align="flex-end" gap="sm">
            {ticked.length > 0 && (
              <Select
                aria-label="Time on the invoice"
                size="sm"
                w={220}
                allowDeselect={false}
                data={[
                  { value: 'entry', label: 'One line per time entry' },
                  { value: 'project', label: 'One line per project' },
                ]}
                value={grouping}
                onChange={(value) => setGrouping(value === 'project' ? 'project' : 'entry')}
              />
            )}
            <Button
              size="sm"
              variant="light"
              disabled={disabled || ticked.length === 0}
              loading={adding}
              onClick={() => void add(ticked)}
            >
              {ticked.length === 0
                ? 'Add to the invoice'
                : ticked.length === 1
                  ? 'Add 1 entry to the invoice'
                  : `Add ${ticked.length} entries to the invoice`}
            </Button>
          </Group>
        </>
      )}
    />
  );
}
