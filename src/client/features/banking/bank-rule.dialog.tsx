import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { explainRule } from '../../../shared/bank-rule-text.ts';
import {
  BankRuleInputSchema,
  type BankRule,
  type BankRuleField,
} from '../../../shared/banking.schema.ts';
import { SelectField, SwitchField } from '../../components/form/controlled-fields.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { trpc } from '../../trpc.ts';
import { useBankRuleMutations } from './use-bank-rule-mutations.ts';

const FIELD_OPTIONS: { value: BankRuleField; label: string }[] = [
  { value: 'any', label: 'Anywhere (all three)' },
  { value: 'counterparty', label: 'Counterparty (name or IBAN)' },
  { value: 'reference', label: 'Reference' },
  { value: 'remittance', label: 'Remittance text' },
];

/**
 * The form holds what its inputs hold (strings, '' for "none"); before validation they
 * become the API's shape, which the shared BankRuleInputSchema (the server's) checks, so
 * the messages and their paths (`conditions.contains`…) are the API's.
 */
interface RuleForm {
  name: string;
  conditions: {
    field: BankRuleField;
    contains: string;
    amountMin: string;
    amountMax: string;
    direction: '' | 'in' | 'out';
  };
  action: { type: 'ignore' | 'categorise'; categoryId: string };
  enabled: boolean;
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

function toInput(form: RuleForm): z.input<typeof BankRuleInputSchema> {
  return {
    name: form.name,
    conditions: {
      field: form.conditions.field,
      contains: form.conditions.contains,
      amountMin: blankToNull(form.conditions.amountMin),
      amountMax: blankToNull(form.conditions.amountMax),
      direction: form.conditions.direction || null,
    },
    action:
      form.action.type === 'ignore'
        ? { type: 'ignore' }
        : { type: 'categorise', categoryId: form.action.categoryId },
    enabled: form.enabled,
  };
}

const RuleFormSchema = z.custom<RuleForm>().transform(toInput).pipe(BankRuleInputSchema);
type RuleOutput = z.output<typeof RuleFormSchema>;

function defaultsOf(rule: BankRule | null, firstCategory: string): RuleForm {
  return {
    name: rule?.name ?? '',
    conditions: {
      field: rule?.conditions.field ?? 'any',
      contains: rule?.conditions.contains ?? '',
      amountMin: rule?.conditions.amountMin ?? '',
      amountMax: rule?.conditions.amountMax ?? '',
      direction: rule?.conditions.direction ?? '',
    },
    action: {
      type: rule?.action.type ?? 'ignore',
      categoryId:
        rule?.action.type === 'categorise' ? String(rule.action.categoryId) : firstCategory,
    },
    enabled: rule?.enabled ?? true,
  };
}

/** Add rule (no `rule`) and Edit rule; full screen on a phone. */
export function BankRuleDialog({
  opened,
  rule,
  onClose,
}: {
  opened: boolean;
  rule: BankRule | null;
  onClose: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={rule ? 'Edit rule' : 'Add rule'} size="lg">
      {opened && <BankRuleForm key={rule?.id ?? 'new'} rule={rule} onDone={onClose} />}
    </FormDialog>
  );
}

function BankRuleForm({ rule, onDone }: { rule: BankRule | null; onDone: () => void }) {
  const mutations = useBankRuleMutations();
  const categories = trpc.expenseCategories.list.useQuery();
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
  }));
  const form = useForm<RuleForm, unknown, RuleOutput>({
    resolver: zodResolver(RuleFormSchema),
    defaultValues: defaultsOf(rule, ''),
  });
  const { isSubmitting } = form.formState;
  const values = useWatch({ control: form.control }) as RuleForm;
  const categorise = values.action?.type === 'categorise';
  // The sentence the list will show, from what is typed so far.
  const parsed = RuleFormSchema.safeParse(values);
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name;

  const submit = form.handleSubmit(async (input) => {
    const saved = rule
      ? await mutations.update({ ...input, id: rule.id })
      : await mutations.create(input);
    if (saved) onDone();
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={rule ? 'Save changes' : 'Add rule'}
      onCancel={onDone}
    >
      <TextInput
        label="Name"
        placeholder="e.g. Hosting"
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...fieldProps(form, 'name')}
      />
      <Stack gap="xs" role="group" aria-labelledby="rule-when">
        <Text id="rule-when" fw={600} size="sm">
          When
        </Text>
        {/* Bottom-aligned: a field with a description beside one without keeps its input level. */}
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="md"
          verticalSpacing="sm"
          style={{ alignItems: 'end' }}
        >
          <SelectField
            control={form.control}
            name="conditions.field"
            label="Look in"
            data={FIELD_OPTIONS}
          />
          <TextInput
            label="Contains"
            placeholder="e.g. AWS"
            description="Any case and any accents"
            withAsterisk
            autoComplete="off"
            {...fieldProps(form, 'conditions.contains')}
          />
          <TextInput
            label="Amount from"
            description="Without its sign; optional"
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            {...fieldProps(form, 'conditions.amountMin')}
          />
          <TextInput
            label="Amount to"
            description="Without its sign; optional"
            inputMode="decimal"
            placeholder="No limit"
            autoComplete="off"
            {...fieldProps(form, 'conditions.amountMax')}
          />
          <SelectField
            control={form.control}
            name="conditions.direction"
            label="Money"
            data={[
              { value: '', label: 'In or out' },
              { value: 'in', label: 'Money in' },
              { value: 'out', label: 'Money out' },
            ]}
          />
        </SimpleGrid>
      </Stack>
      <Stack gap="xs" role="group" aria-labelledby="rule-then">
        <Text id="rule-then" fw={600} size="sm">
          Then
        </Text>
        {/* Bottom-aligned: a field with a description beside one without keeps its input level. */}
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="md"
          verticalSpacing="sm"
          style={{ alignItems: 'end' }}
        >
          <SelectField
            control={form.control}
            name="action.type"
            label="Action"
            data={[
              { value: 'ignore', label: 'Mark as ignored' },
              {
                value: 'categorise',
                label: 'Put in an expense category',
                disabled: categoryOptions.length === 0,
              },
            ]}
            onOptionSubmit={(value) => {
              // A category is needed at once: the first is chosen, to be changed at will.
              if (value === 'categorise' && !form.getValues('action.categoryId'))
                form.setValue('action.categoryId', categoryOptions[0]?.value ?? '');
            }}
            description={
              categoryOptions.length === 0
                ? 'Add an expense category first to categorise'
                : 'Categories apply to money out only'
            }
          />
          {categorise && (
            <SelectField
              control={form.control}
              name="action.categoryId"
              label="Expense category"
              withAsterisk
              searchable
              data={categoryOptions}
            />
          )}
        </SimpleGrid>
      </Stack>
      <SwitchField
        control={form.control}
        name="enabled"
        label="On"
        description="A rule that is off is skipped at import and when applied"
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="rule-sentence">
        {parsed.success ? explainRule(parsed.data, categoryName) : ' '}
      </Text>
    </DialogForm>
  );
}
