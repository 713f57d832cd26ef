import { Alert, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { RepricePreview } from '../../../shared/rates.schema.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { useMoney } from '../../components/money.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { formatDay, today } from '../time/time-display.ts';
import { MemberSelect } from './member-select.tsx';
import { useRateMutations, type RepriceValues } from './use-rate-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/**
 * "Re-price unbilled time": choose from which day (and whose time, on which project), see
 * what would change, then confirm. Billed time and approved weeks are never touched.
 */
export function RepriceDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog opened={opened} onClose={onClose} title="Re-price unbilled time" size="xl">
      <RepriceForm onDone={onClose} />
    </FormDialog>
  );
}

function RepriceForm({ onDone }: { onDone: () => void }) {
  const money = useMoney();
  const mutations = useRateMutations();
  const [values, setValues] = useState<RepriceValues>({
    from: today(),
    userId: null,
    projectId: null,
  });
  // The preview of exactly these values; any change asks for a new one before applying.
  const [preview, setPreview] = useState<{ of: RepriceValues; result: RepricePreview } | null>(
    null,
  );
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const change = (next: Partial<RepriceValues>) => {
    setValues((v) => ({ ...v, ...next }));
    setPreview(null);
  };
  const shown = preview?.result;

  const runPreview = async () => {
    setBusy('preview');
    const result = await mutations.preview(values);
    setBusy(null);
    if (result) setPreview({ of: values, result });
  };
  const apply = async () => {
    if (!preview) return;
    setBusy('apply');
    const done = await mutations.reprice(preview.of);
    setBusy(null);
    if (done) onDone();
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Unbilled time from the day you choose takes the rates in force on its own day. Time on an
        invoice or in an approved timesheet week keeps its rates.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <DayInput
          label="From"
          value={values.from}
          clearable={false}
          withAsterisk
          onChange={(from) => from && change({ from })}
        />
        <MemberSelect
          label="Member"
          value={values.userId}
          onChange={(userId) => change({ userId })}
        />
        <ProjectPicker
          label="Project"
          placeholder="All projects"
          clearable
          value={values.projectId}
          onChange={(projectId) => change({ projectId })}
        />
      </SimpleGrid>
      {shown && (
        <Stack gap="sm" aria-live="polite">
          {shown.count === 0 ? (
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              Nothing to re-price: every unbilled entry from that day already has the rates in
              force.
            </Alert>
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <Figure label="Entries to re-price" value={String(shown.count)} />
                <Figure
                  label="Billable amount"
                  value={`${money(shown.amountBefore)} → ${money(shown.amountAfter)}`}
                />
                <Figure
                  label="Cost"
                  value={`${money(shown.costBefore)} → ${money(shown.costAfter)}`}
                />
              </SimpleGrid>
              <Table.ScrollContainer minWidth={560}>
                <Table verticalSpacing={6} fz="sm" aria-label="Entries to re-price">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Member</Table.Th>
                      <Table.Th>Project</Table.Th>
                      <Table.Th ta="right">Hours</Table.Th>
                      <Table.Th ta="right">Rate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.sample.map((e) => (
                      <Table.Tr key={e.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(e.date)}</Table.Td>
                        <Table.Td>{e.user.fullName}</Table.Td>
                        <Table.Td>{e.project.name}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatHours(e.hours)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {money(e.rate)} → {money(e.newRate)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {shown.count > shown.sample.length && (
                <Text size="xs" c="dimmed">
                  The first {shown.sample.length} of {shown.count} entries.
                </Text>
              )}
            </>
          )}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={busy !== null}>
          Cancel
        </Button>
        {shown && shown.count > 0 ? (
          <Button loading={busy === 'apply'} onClick={() => void apply()}>
            {shown.count === 1 ? 'Re-price 1 entry' : `Re-price ${shown.count} entries`}
          </Button>
        ) : (
          <Button
            variant={shown ? 'default' : 'filled'}
            loading={busy === 'preview'}
            onClick={() => void runPreview()}
          >
            Preview
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}
