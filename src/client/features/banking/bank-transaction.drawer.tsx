import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconCheck,
  IconEyeOff,
  IconLinkOff,
  IconReceipt,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  BankTransactionExpenseInputSchema,
  type BankTransaction,
  type MatchSuggestionAnswer,
} from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DetailRow } from '../../components/detail-row.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { QueryData } from '../../components/query-state.tsx';
import { usePhone } from '../../components/use-phone.ts';
import { trpc } from '../../trpc.ts';
import { CategorySelect } from '../expenses/expense.dialog.tsx';
import { InvoiceLink } from '../invoices/invoice-link.tsx';
import { SignedAmount } from './signed-amount.tsx';
import { useBankMatchingMutations } from './use-bank-matching-mutations.ts';

export const STATUS_LABELS = {
  unmatched: 'Unmatched',
  matched: 'Matched',
  ignored: 'Ignored',
} as const;
export const STATUS_COLORS = { unmatched: 'yellow', matched: 'teal', ignored: 'gray' } as const;

type Matching = ReturnType<typeof useBankMatchingMutations>;

/**
 * How sure a suggestion is, in words beside its score: "Certain" is what Auto-match would
 * confirm (the invoice's number and exactly its balance, as the server's isCertain), the
 * rest by score.
 */
function confidenceOf(s: MatchSuggestionAnswer): { label: string; color: string } {
  if (
    s.kind === 'invoice' &&
    s.signals.number != null &&
    s.signals.amount === 'exact' &&
    s.currency === s.transactionCurrency
  )
    return { label: 'Certain', color: 'teal' };
  if (s.score >= 50) return { label: 'Likely', color: 'blue' };
  return { label: 'Possible', color: 'gray' };
}

function suggestionTitle(s: MatchSuggestionAnswer): string {
  if (s.kind === 'invoice') return `Invoice ${s.invoiceNumber ?? `#${s.invoiceId}`}`;
  return `Expense of ${formatMoney(s.amount, s.currency)}`;
}

/** One suggestion: what, how sure and why, and Confirm (with the amount of a part payment). */
function SuggestionCard({
  transaction,
  suggestion,
  canMatch,
  matching,
}: {
  transaction: BankTransaction;
  suggestion: MatchSuggestionAnswer;
  canMatch: boolean;
  matching: Matching;
}) {
  const confidence = confidenceOf(suggestion);
  // A line that pays a part of the invoice (or more than is left): the amount recorded is
  // the server's proposal, which the person may change; an exact one needs no field.
  const askAmount = suggestion.kind === 'invoice' && suggestion.signals.amount !== 'exact';
  const [amount, setAmount] = useState<string | number>(suggestion.amount);
  const [pending, setPending] = useState(false);
  const title = suggestionTitle(suggestion);
  const confirm = async () => {
    setPending(true);
    try {
      if (suggestion.kind === 'invoice')
        await matching.match({
          id: transaction.id,
          invoiceId: suggestion.invoiceId!,
          ...(askAmount ? { amount: String(amount) } : {}),
        });
      else await matching.match({ id: transaction.id, expenseId: suggestion.expenseId! });
    } finally {
      setPending(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            {suggestion.kind === 'invoice' ? (
              <InvoiceLink invoiceId={suggestion.invoiceId!} fw={600} size="sm">
                {title}
              </InvoiceLink>
            ) : (
              <Text fw={600} size="sm">
                {title}
              </Text>
            )}
            {suggestion.kind === 'invoice' && (
              <Text size="xs" c="dimmed">
                {`Records ${formatMoney(suggestion.amount, suggestion.currency)}`}
              </Text>
            )}
          </Stack>
          <Badge variant="light" color={confidence.color} style={{ flexShrink: 0 }}>
            {`${confidence.label} · ${suggestion.score}%`}
          </Badge>
        </Group>
        <Stack component="ul" gap={2} m={0} pl="md" aria-label={`Why ${title}`}>
          {suggestion.reasons.map((reason) => (
            <Text component="li" size="sm" key={reason}>
              {reason}
            </Text>
          ))}
        </Stack>
        {canMatch && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            {askAmount && (
              <NumberInput
                label="Amount paid"
                description={`At most ${formatMoney(transaction.amount, transaction.currency)}`}
                value={amount}
                onChange={setAmount}
                min={0}
                decimalScale={3}
                hideControls
                w={160}
                disabled={pending}
              />
            )}
            <Button
              size="sm"
              leftSection={<IconCheck size={16} />}
              loading={pending}
              disabled={askAmount && String(amount).trim() === ''}
              onClick={() => void confirm()}
              aria-label={`Confirm ${title}`}
            >
              Confirm
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function Suggestions({
  transaction,
  canMatch,
  matching,
}: {
  transaction: BankTransaction;
  canMatch: boolean;
  matching: Matching;
}) {
  const suggestions = trpc.banking.suggestions.useQuery({ id: transaction.id });
  const incoming = !transaction.amount.startsWith('-');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Suggestions
      </Title>
      <QueryData query={suggestions} what="suggestions" loaderPy="md">
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {incoming
                ? 'No open invoice in this currency fits this payment.'
                : 'No unlinked expense in this currency fits this payment.'}
            </Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {list.map((s) => (
                <SuggestionCard
                  key={`${s.kind}-${s.invoiceId ?? s.expenseId}`}
                  transaction={transaction}
                  suggestion={s}
                  canMatch={canMatch}
                  matching={matching}
                />
              ))}
            </Stack>
          )
        }
      </QueryData>
    </Stack>
  );
}

const ExpenseFormSchema = z.object({
  categoryId: z.number().nullable(),
  vendor: BankTransactionExpenseInputSchema.shape.vendor,
  description: BankTransactionExpenseInputSchema.shape.description,
});
type ExpenseFormInput = z.input<typeof ExpenseFormSchema>;
type ExpenseFormOutput = z.output<typeof ExpenseFormSchema>;

/** Money out becomes a new expense: its amount and day are the line's; the receipt comes later. */
function CreateExpenseForm({
  transaction,
  matching,
  onCancel,
}: {
  transaction: BankTransaction;
  matching: Matching;
  onCancel: () => void;
}) {
  const form = useForm<ExpenseFormInput, unknown, ExpenseFormOutput>({
    resolver: zodResolver(ExpenseFormSchema),
    defaultValues: {
      categoryId: transaction.categoryId,
      vendor: transaction.counterpartyName ?? '',
      description: transaction.remittance ?? transaction.reference ?? '',
    },
  });
  const { isSubmitting, errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    await matching.createExpense({
      id: transaction.id,
      categoryId: values.categoryId,
      vendor: values.vendor || null,
      description: values.description || null,
    });
  });
  return (
    <Paper withBorder radius="md" p="sm">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Create expense">
        <Stack gap="sm">
          <Text size="sm">
            {`An expense of ${formatMoney(transaction.amount.replace(/^-/, ''), transaction.currency)} on ${transaction.bookingDate}, linked to this line. Add its receipt on the expenses page later.`}
          </Text>
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => <CategorySelect value={field.value} onChange={field.onChange} />}
          />
          <TextInput label="Vendor" {...form.register('vendor')} error={errors.vendor?.message} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={5}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Create expense
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** What a matched line is linked to: the invoice its payment is on, or the expense. */
function LinkedTo({ transaction }: { transaction: BankTransaction }) {
  const expense = trpc.expenses.get.useQuery(
    { id: transaction.expenseId ?? 0 },
    { enabled: transaction.expenseId !== null },
  );
  if (transaction.invoice) {
    return (
      <DetailRow label="Linked to">
        <Text size="sm">
          {'A payment on '}
          <InvoiceLink invoiceId={transaction.invoice.id} size="sm">
            {`invoice ${transaction.invoice.number ?? `#${transaction.invoice.id}`}`}
          </InvoiceLink>
        </Text>
      </DetailRow>
    );
  }
  if (transaction.expenseId !== null) {
    return (
      <DetailRow label="Linked to">
        <QueryData query={expense} what="expense" loaderPy="xs" loaderSize="sm">
          {(e) => (
            <Text size="sm">
              {'The expense '}
              <Anchor size="sm" renderRoot={(props) => <Link to="/expenses" {...props} />}>
                {`${e.vendor ?? 'without vendor'}, ${formatMoney(e.amount, e.currency)} on ${e.date}`}
              </Anchor>
              {e.category ? ` (${e.category.name})` : ''}
            </Text>
          )}
        </QueryData>
      </DetailRow>
    );
  }
  return null;
}

/**
 * A bank line reviewed: its details, then by status the suggestions to confirm, a new
 * expense or Ignore (unmatched), what it is linked to and Unmatch (matched), or the way
 * back to review (ignored). Those who may not match read it only.
 */
export function BankTransactionDrawer({
  transaction,
  opened,
  canMatch,
  onClose,
}: {
  /** The line shown, kept while the drawer slides out. */
  transaction: BankTransaction | null;
  opened: boolean;
  canMatch: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  const matching = useBankMatchingMutations();
  const [expenseFor, setExpenseFor] = useState<number | null>(null);
  const [unmatching, setUnmatching] = useState(false);
  const [pending, setPending] = useState(false);
  // The line as the server has it now: a match made here (or a list filtered on a status
  // the line left) never leaves the drawer showing the state from before.
  const fresh = trpc.banking.getTransaction.useQuery(
    { id: transaction?.id ?? 0 },
    { enabled: opened && transaction !== null },
  );
  const t = fresh.data && fresh.data.id === transaction?.id ? fresh.data : transaction;
  const run = async (action: () => Promise<unknown>) => {
    setPending(true);
    try {
      await action();
    } finally {
      setPending(false);
    }
  };
  const outgoing = t?.amount.startsWith('-') ?? false;

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 480}
        title="Bank transaction"
        closeOnEscape={!unmatching}
      >
        {t && (
          <Stack gap="lg">
            <Stack gap={4}>
              <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
                <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                  {t.counterpartyName ?? t.remittance ?? 'Unnamed counterparty'}
                </Title>
                <Badge variant="light" color={STATUS_COLORS[t.status]} style={{ flexShrink: 0 }}>
                  {STATUS_LABELS[t.status]}
                </Badge>
              </Group>
              <SignedAmount amount={t.amount} currency={t.currency} size="xl" />
            </Stack>
            <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
              <DetailRow label="Booking date">{t.bookingDate}</DetailRow>
              <DetailRow label="Value date">{t.valueDate}</DetailRow>
              <DetailRow label="Account">{t.accountName}</DetailRow>
              <DetailRow label="Counterparty IBAN">
                {t.counterpartyIban && (
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {t.counterpartyIban}
                  </Text>
                )}
              </DetailRow>
            </SimpleGrid>
            <DetailRow label="Remittance">{t.remittance}</DetailRow>
            <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
              <DetailRow label="Reference">{t.reference}</DetailRow>
              <DetailRow label="Bank id">{t.bankTransactionId}</DetailRow>
            </SimpleGrid>
            <Divider />

            {t.status === 'unmatched' && (
              <>
                <Suggestions transaction={t} canMatch={canMatch} matching={matching} />
                {canMatch && (
                  <Stack gap="sm">
                    <Group gap="sm">
                      {outgoing && expenseFor !== t.id && (
                        <Button
                          variant="light"
                          leftSection={<IconReceipt size={16} />}
                          onClick={() => setExpenseFor(t.id)}
                          disabled={pending}
                        >
                          Create expense
                        </Button>
                      )}
                      <Button
                        variant="default"
                        leftSection={<IconEyeOff size={16} />}
                        loading={pending}
                        onClick={() => void run(() => matching.ignore(t.id))}
                      >
                        Ignore
                      </Button>
                    </Group>
                    {outgoing && expenseFor === t.id && (
                      <CreateExpenseForm
                        transaction={t}
                        matching={matching}
                        onCancel={() => setExpenseFor(null)}
                      />
                    )}
                  </Stack>
                )}
              </>
            )}

            {t.status === 'matched' && (
              <Stack gap="sm">
                <LinkedTo transaction={t} />
                {t.matchedAt && (
                  <Text size="xs" c="dimmed">
                    {`Matched ${t.matchedAt.slice(0, 10)}`}
                  </Text>
                )}
                {canMatch && (
                  <Group>
                    <Button
                      variant="light"
                      color="red"
                      leftSection={<IconLinkOff size={16} />}
                      onClick={() => setUnmatching(true)}
                    >
                      Unmatch
                    </Button>
                  </Group>
                )}
              </Stack>
            )}

            {t.status === 'ignored' && (
              <Stack gap="sm">
                <Alert color="gray" icon={<IconEyeOff size={18} />} title="Ignored">
                  This line needs no match: a transfer between own accounts or private money.
                </Alert>
                {canMatch && (
                  <Group>
                    <Button
                      variant="default"
                      leftSection={<IconArrowBackUp size={16} />}
                      loading={pending}
                      onClick={() => void run(() => matching.restore(t.id))}
                    >
                      Back to review
                    </Button>
                  </Group>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </Drawer>
      <ConfirmDeleteDialog
        opened={unmatching}
        title="Unmatch transaction"
        confirmLabel="Unmatch"
        onClose={() => setUnmatching(false)}
        onConfirm={() => (t ? matching.unmatch(t.id) : Promise.resolve(false))}
      >
        {t?.invoice
          ? `Unmatch this line from invoice ${t.invoice.number ?? `#${t.invoice.id}`}? A payment the match recorded is removed and the balance is due again; a payment recorded by hand stays, unlinked.`
          : 'Unmatch this line? The expense stays, no longer linked to it.'}
      </ConfirmDeleteDialog>
    </>
  );
}
