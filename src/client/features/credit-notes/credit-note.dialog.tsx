import { compareAmounts } from '../../../shared/invoice-math.ts';
import {
  Alert,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import {
  CreditNoteInputSchema,
  type Creditable,
  type CreditNoteInput,
} from '../../../shared/credit-notes.schema.ts';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { useCreateCreditNote } from './use-credit-note-mutations.ts';

type Mode = 'full' | 'amount' | 'lines';

const MODES: { value: Mode; label: string }[] = [
  { value: 'full', label: 'In full' },
  { value: 'amount', label: 'An amount' },
  { value: 'lines', label: 'By lines' },
];

/** What the form holds: the text typed, checked by the shared schema on submit. */
interface Draft {
  reason: string;
  mode: Mode;
  amount: string;
  /** Per invoice line: whether it is credited, and the quantity typed. */
  lines: Record<number, { checked: boolean; quantity: string }>;
}

function CreditNoteForm({
  invoice,
  creditable,
  onDone,
}: {
  invoice: Pick<Invoice, 'id' | 'currency'>;
  creditable: Creditable;
  onDone: () => void;
}) {
  const create = useCreateCreditNote();
  const money = (value: string) => formatMoney(value, creditable.currency);
  const [draft, setDraft] = useState<Draft>({
    reason: '',
    mode: 'full',
    amount: '',
    lines: Object.fromEntries(
      creditable.lines.map((l) => [
        l.invoiceLineId,
        { checked: false, quantity: l.remainingQuantity },
      ]),
    ),
  });
  const [errors, setErrors] = useState<{ reason?: string; amount?: string; lines?: string }>({});

  const submit = async () => {
    const input: CreditNoteInput = { id: invoice.id, reason: draft.reason } as CreditNoteInput;
    if (draft.mode === 'amount') input.amount = draft.amount.trim().replace(/,/g, '');
    if (draft.mode === 'lines') {
      input.lines = creditable.lines
        .filter((l) => draft.lines[l.invoiceLineId]?.checked)
        .map((l) => ({
          invoiceLineId: l.invoiceLineId,
          quantity: draft.lines[l.invoiceLineId]!.quantity.trim(),
        }));
    }
    const parsed = CreditNoteInputSchema.safeParse(input);
    const next: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reason') next.reason ??= issue.message;
        else if (field === 'amount') next.amount ??= issue.message;
        else if (field === 'lines') next.lines ??= issue.message;
      }
    }
    if (draft.mode === 'amount' && draft.amount.trim() === '')
      next.amount = 'Enter the amount to credit';
    if (draft.mode === 'lines' && (input.lines?.length ?? 0) === 0)
      next.lines = 'Choose at least one line to credit';
    setErrors(next);
    if (Object.keys(next).length > 0 || !parsed.success) return;
    const made = await create.mutateAsync(parsed.data).catch(() => undefined);
    if (made) onDone();
  };

  return (
    <DialogForm
      onSubmit={(event) => {
        event.preventDefault();
        return submit();
      }}
      pending={create.isPending}
      submitLabel="Create credit note"
      onCancel={onDone}
    >
      <Text size="sm">
        Remaining to credit: <b>{money(creditable.remaining)}</b> of {money(creditable.total)}
        {compareAmounts(creditable.credited, '0') > 0
          ? ` (${money(creditable.credited)} credited already)`
          : ''}
        .
      </Text>
      <Textarea
        label="Reason"
        description="Printed on the credit note"
        withAsterisk
        autosize
        minRows={2}
        value={draft.reason}
        error={errors.reason}
        data-autofocus
        onChange={(event) => {
          const reason = event.currentTarget.value;
          setDraft((d) => ({ ...d, reason }));
          setErrors((e) => ({ ...e, reason: undefined }));
        }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="credit-mode-label">
          What to credit
        </Text>
        <SegmentedControl
          aria-labelledby="credit-mode-label"
          fullWidth
          data={MODES}
          value={draft.mode}
          onChange={(mode) => setDraft((d) => ({ ...d, mode: mode as Mode }))}
        />
      </Stack>
      {draft.mode === 'full' && (
        <Text size="sm" c="dimmed">
          Credits everything that remains: {money(creditable.remaining)}, tax included.
        </Text>
      )}
      {draft.mode === 'amount' && (
        <TextInput
          label={`Amount to credit (${creditable.currency}, tax included)`}
          description={`At most ${money(creditable.remaining)}; split over the invoice's tax rates`}
          inputMode="decimal"
          withAsterisk
          value={draft.amount}
          error={errors.amount}
          onChange={(event) => {
            const amount = event.currentTarget.value;
            setDraft((d) => ({ ...d, amount }));
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
      )}
      {draft.mode === 'lines' && (
        <Stack gap={4}>
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={4} aria-label="Lines to credit">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Line</Table.Th>
                  <Table.Th ta="right">Remaining</Table.Th>
                  <Table.Th w={110}>Quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {creditable.lines.map((line) => {
                  const state = draft.lines[line.invoiceLineId]!;
                  const none =
                    compareAmounts(line.remainingAmount, '0') <= 0 ||
                    compareAmounts(line.remainingQuantity, '0') <= 0;
                  return (
                    <Table.Tr key={line.invoiceLineId}>
                      <Table.Td>
                        <Checkbox
                          label={line.description}
                          checked={state.checked}
                          disabled={none}
                          onChange={(event) => {
                            const checked = event.currentTarget.checked;
                            setDraft((d) => ({
                              ...d,
                              lines: { ...d.lines, [line.invoiceLineId]: { ...state, checked } },
                            }));
                            setErrors((e) => ({ ...e, lines: undefined }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">
                          {line.remainingQuantity}
                          {line.unit ? ` ${line.unit}` : ''}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {money(line.remainingAmount)} before tax
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Quantity to credit of ${line.description}`}
                          size="xs"
                          inputMode="decimal"
                          disabled={!state.checked}
                          value={state.quantity}
                          onChange={(event) => {
                            const quantity = event.currentTarget.value;
                            setDraft((d) => ({
                              ...d,
                              lines: { ...d.lines, [line.invoiceLineId]: { ...state, quantity } },
                            }));
                          }}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {errors.lines && (
            <Text size="sm" c="red" role="alert">
              {errors.lines}
            </Text>
          )}
        </Stack>
      )}
    </DialogForm>
  );
}

/**
 * "Credit note" on an issued invoice: credits it in full, by an amount or by lines, with a
 * reason, showing what remains creditable. The toast comes only once it is saved.
 */
export function CreditNoteDialog({
  invoice,
  opened,
  onClose,
}: {
  invoice: Pick<Invoice, 'id' | 'currency' | 'invoiceNumber'>;
  opened: boolean;
  onClose: () => void;
}) {
  const creditable = trpc.creditNotes.creditable.useQuery(
    { id: invoice.id },
    { enabled: opened, refetchOnMount: 'always' },
  );
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Credit invoice ${invoice.invoiceNumber ?? ''}`.trim()}
      size="lg"
    >
      {creditable.isError ? (
        <Alert color="red" title="This invoice cannot be credited">
          {messageOf(creditable.error)}
        </Alert>
      ) : !creditable.data ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading" />
        </Group>
      ) : (
        <CreditNoteForm invoice={invoice} creditable={creditable.data} onDone={onClose} />
      )}
    </FormDialog>
  );
}
