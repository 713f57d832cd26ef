import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BankAccountInputSchema, type BankAccount } from '../../../shared/banking.schema.ts';
import { CurrencyField } from '../../components/form/currency-field.tsx';
import { SwitchField } from '../../components/form/controlled-fields.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { FormDialog } from '../../components/form-dialog.tsx';
import { WithWorkspaceCurrency } from '../../components/money.tsx';
import { useBankAccountMutations } from './use-bank-account-mutations.ts';

/**
 * The form's shape: text inputs hold strings ('' when empty); the opening balance is kept as
 * typed (exact decimal text, never a float), then the shared schema's rules, the API's.
 */
const BankAccountFormSchema = z
  .object({
    name: BankAccountInputSchema.shape.name,
    currency: z.string().min(1, 'Choose a currency'),
    identifier: z.string().trim().max(64, 'Must be at most 64 characters'),
    openingBalance: z
      .string()
      .trim()
      .regex(/^([+-]?\d{1,15}(\.\d{1,3})?)?$/, 'Enter an amount like -1200.50'),
    openingDate: z.string(),
    archived: z.boolean(),
  })
  .transform((v) => ({
    ...v,
    identifier: v.identifier || null,
    openingBalance: v.openingBalance.replace(/^\+/, '') || '0',
    openingDate: v.openingDate || null,
  }));
type FormInput = z.input<typeof BankAccountFormSchema>;
type FormOutput = z.output<typeof BankAccountFormSchema>;

function defaultsOf(account: BankAccount | null, currency: string): FormInput {
  return {
    name: account?.name ?? '',
    currency: account?.currency ?? currency,
    identifier: account?.identifier ?? '',
    openingBalance: account?.openingBalance ?? '',
    openingDate: account?.openingDate ?? '',
    archived: account?.archived ?? false,
  };
}

/** Add bank account (no `account`) and Edit bank account; full screen on a phone. */
export function BankAccountDialog({
  opened,
  account,
  onClose,
}: {
  opened: boolean;
  account: BankAccount | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={account ? 'Edit bank account' : 'Add bank account'}
      size="lg"
    >
      <WithWorkspaceCurrency>
        {(currency) => (
          <BankAccountForm
            key={account?.id ?? 'new'}
            account={account}
            workspaceCurrency={currency}
            onDone={onClose}
          />
        )}
      </WithWorkspaceCurrency>
    </FormDialog>
  );
}

function BankAccountForm({
  account,
  workspaceCurrency,
  onDone,
}: {
  account: BankAccount | null;
  workspaceCurrency: string;
  onDone: () => void;
}) {
  const mutations = useBankAccountMutations();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(BankAccountFormSchema),
    defaultValues: defaultsOf(account, workspaceCurrency),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const saved = account
      ? await mutations.update({ id: account.id, ...values })
      : await mutations.create(values);
    if (saved) onDone();
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={account ? 'Edit bank account' : 'Add bank account'}
    >
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Name"
              placeholder="e.g. Business checking"
              withAsterisk
              autoComplete="off"
              data-autofocus
              {...fieldProps(form, 'name')}
            />
            <CurrencyField control={form.control} name="currency" />
            <TextInput
              label="IBAN or account number"
              placeholder="e.g. DE89 3704 0044 0532 0130 00"
              autoComplete="off"
              {...fieldProps(form, 'identifier')}
            />
            <TextInput
              label="Opening balance"
              description="Negative for an overdrawn account"
              inputMode="decimal"
              placeholder="0.00"
              autoComplete="off"
              {...fieldProps(form, 'openingBalance')}
            />
            <DateField control={form.control} name="openingDate" label="Opening date" />
          </SimpleGrid>
          <SwitchField
            control={form.control}
            name="archived"
            label="Archived"
            description="An account you no longer use; its transactions are kept"
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onDone} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {account ? 'Save changes' : 'Add bank account'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
