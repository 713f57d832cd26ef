import { zodResolver } from '@hookform/resolvers/zod';
import { fieldProps } from '../../components/form/field-props.ts';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { currencyOptions, minorDigits } from '../../../shared/currencies.ts';
import { EXPENSE_FIELDS, type Expense } from '../../../shared/expenses.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { textNamesOf } from '../../../shared/fields.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import {
  NumberField,
  PickerField,
  SelectField,
  SwitchField,
} from '../../components/form/controlled-fields.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { currencySymbol, WithWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { ClientPicker } from '../clients/client-picker.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { today } from '../time/time-display.ts';
import {
  ExpenseFormSchema,
  expenseFormDefaults,
  type ExpenseFormInput,
  type ExpenseFormOutput,
} from './expense-form.schema.ts';
import { RECEIPT_ACCEPT, receiptProblem } from './upload-receipt.ts';
import { useExpenseMutations } from './use-expense-mutations.ts';

const CURRENCIES = currencyOptions();
/** Single-line text in the grid, long text below it. */
const { short: SHORT_TEXT, long: LONG_TEXT } = textNamesOf(EXPENSE_FIELDS);

/** Add Expense (no `expense`) and Edit Expense; full screen on a phone. */
export function ExpenseDialog({
  opened,
  expense,
  readOnly = false,
  onClose,
}: {
  opened: boolean;
  expense: Expense | null;
  /** Shown, not changed: billed, or another member's without a managing role. */
  readOnly?: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={
        expense
          ? readOnly
            ? 'Expense'
            : expense.draft
              ? 'Review draft expense'
              : 'Edit Expense'
          : 'Add Expense'
      }
      size="lg"
    >
      {/* A new expense starts in the workspace's currency: the form waits for it. */}
      <WithWorkspaceCurrency>
        {(workspaceCurrency) => (
          <ExpenseForm
            key={expense?.id ?? 'new'}
            expense={expense}
            workspaceCurrency={workspaceCurrency}
            readOnly={readOnly}
            onDone={onClose}
          />
        )}
      </WithWorkspaceCurrency>
    </FormDialog>
  );
}

export function CategorySelect({
  value,
  onChange,
  label = 'Category',
  placeholder = 'Uncategorised',
  ...props
}: {
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  placeholder?: string;
  w?: number;
}) {
  const categories = trpc.expenseCategories.list.useQuery();
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable
      nothingFoundMessage="No categories found"
      data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      {...props}
    />
  );
}

function ExpenseForm({
  expense,
  workspaceCurrency,
  readOnly,
  onDone,
}: {
  expense: Expense | null;
  workspaceCurrency: string;
  readOnly: boolean;
  onDone: () => void;
}) {
  const mutations = useExpenseMutations();
  const form = useForm<ExpenseFormInput, unknown, ExpenseFormOutput>({
    resolver: zodResolver(ExpenseFormSchema),
    defaultValues: expenseFormDefaults(expense, today(), workspaceCurrency),
  });
  const { isSubmitting } = form.formState;
  const [currency, billable] = useWatch({ control: form.control, name: ['currency', 'billable'] });
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const billed = expense?.invoiceLineId != null;
  const locked = billed || readOnly;
  const draft = expense?.draft === true;
  // Which submit button was pressed: a draft is saved as it is, or saved and confirmed.
  const [confirming, setConfirming] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    if (receipt && receiptProblem(receipt)) return;
    // A draft confirmed unchanged is only confirmed (one answer, one toast).
    const unchanged = draft && confirming && !form.formState.isDirty && !receipt;
    const saved = unchanged
      ? expense
      : expense
        ? await mutations.update({ id: expense.id, ...values })
        : await mutations.create(values);
    if (!saved) return;
    // The expense is saved first; a failed upload says so and leaves it without a receipt.
    if (receipt) await mutations.uploadReceipt(saved, receipt);
    if (draft && confirming && !(await mutations.confirm(saved))) return;
    onDone();
  });

  const digits = currency ? safeDigits(currency) : 2;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={expense ? 'Edit expense' : 'Add expense'}
    >
      <Fieldset variant="unstyled" disabled={isSubmitting || locked}>
        <Stack gap="md">
          {draft && expense && <DraftNote expense={expense} />}
          {locked && (
            <Text size="sm" c="dimmed">
              {billed
                ? 'This expense is billed on an invoice and cannot be changed.'
                : 'Only its author or a manager may change this expense.'}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <DateField
              control={form.control}
              name="date"
              label={EXPENSE_FIELDS.date.title}
              withAsterisk
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <NumberField
                control={form.control}
                name="amount"
                label={EXPENSE_FIELDS.amount.title}
                withAsterisk
                style={{ flex: 1 }}
                prefix={currency ? currencySymbol(currency) : undefined}
                min={0}
                decimalScale={digits}
                thousandSeparator=","
                data-autofocus
              />
              <SelectField
                control={form.control}
                name="currency"
                empty={workspaceCurrency}
                label={EXPENSE_FIELDS.currency.title}
                w={110}
                searchable
                data={CURRENCIES.map((c) => ({ value: c.value, label: c.value }))}
                comboboxProps={{ width: 240, position: 'bottom-end' }}
              />
            </Group>
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <CategorySelect value={field.value} onChange={field.onChange} />
              )}
            />
            {SHORT_TEXT.map((name) => (
              <TextFieldInput key={name} field={EXPENSE_FIELDS[name]} {...fieldProps(form, name)} />
            ))}
            <PickerField
              control={form.control}
              name="projectId"
              picker={ProjectPicker}
              label={EXPENSE_FIELDS.projectId.title}
              placeholder="Optional"
              clearable
              labelOf={(id) => (expense?.projectId === id ? (expense.project?.name ?? null) : null)}
              description="Without a client, the project's client is taken"
            />
            <PickerField
              control={form.control}
              name="clientId"
              picker={ClientPicker}
              labelOf={(id) => (expense?.clientId === id ? (expense.client?.name ?? null) : null)}
              description="Optional; billable expenses are billed to it"
            />
          </SimpleGrid>
          <Group gap="md" align="flex-end">
            <SwitchField
              control={form.control}
              name="billable"
              label={EXPENSE_FIELDS.billable.title}
              description="Bill it to the client on an invoice"
            />
            {billable && (
              <NumberField
                control={form.control}
                name="markupPercent"
                label={EXPENSE_FIELDS.markupPercent.label}
                suffix=" %"
                w={140}
                min={0}
                max={1000}
                decimalScale={2}
              />
            )}
          </Group>
          {LONG_TEXT.map((name) => (
            <TextFieldInput key={name} field={EXPENSE_FIELDS[name]} {...fieldProps(form, name)} />
          ))}
          <Stack gap={4}>
            <FileInput
              label={expense?.receipt ? 'Replace receipt' : 'Receipt'}
              description="An image or a PDF, at most 5 MB; uploaded once the expense is saved"
              accept={RECEIPT_ACCEPT}
              clearable
              leftSection={<IconPaperclip size={16} />}
              value={receipt}
              onChange={(file) => {
                setReceipt(file);
                setReceiptError(file ? receiptProblem(file) : null);
              }}
              error={receiptError}
            />
            {expense?.receipt && (
              <Anchor href={expense.receipt.url} target="_blank" rel="noopener" size="sm">
                View the current receipt
              </Anchor>
            )}
          </Stack>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              {locked ? 'Close' : 'Cancel'}
            </Button>
            {!locked && (
              <Button
                type="submit"
                variant={draft ? 'default' : undefined}
                loading={isSubmitting && !confirming}
                onClick={() => setConfirming(false)}
              >
                {draft ? 'Save draft' : expense ? 'Save Changes' : 'Add Expense'}
              </Button>
            )}
            {!locked && draft && (
              <Button
                type="submit"
                loading={isSubmitting && confirming}
                onClick={() => setConfirming(true)}
              >
                Confirm expense
              </Button>
            )}
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}

/** What the supplier's e-invoice said, and what confirming does. */
function DraftNote({ expense }: { expense: Expense }) {
  const facts = [
    expense.supplierInvoiceNumber && `Invoice ${expense.supplierInvoiceNumber}`,
    expense.vendorTaxId && `VAT ID ${expense.vendorTaxId}`,
    expense.taxAmount !== null && `VAT ${formatMoney(expense.taxAmount, expense.currency)}`,
  ].filter(Boolean);
  return (
    <Alert variant="light" color="yellow" title="Draft from an e-invoice">
      <Text size="sm">
        Check what was read from the supplier’s e-invoice, then confirm it. Until then it counts in
        no total, report or invoice.
      </Text>
      {facts.length > 0 && (
        <Text size="sm" mt={4} fw={500}>
          {facts.join(' · ')}
        </Text>
      )}
    </Alert>
  );
}

function safeDigits(currency: string): number {
  try {
    return minorDigits(currency);
  } catch {
    return 2;
  }
}
