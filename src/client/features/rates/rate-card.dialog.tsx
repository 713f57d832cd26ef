import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import type { RateCard } from '../../../shared/rates.schema.ts';
import { DateField } from '../../components/form/date-field.tsx';
import { useCurrencyPrefix } from '../../components/money.tsx';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { today } from '../time/time-display.ts';
import { MemberSelect } from './member-select.tsx';
import {
  RateCardFormSchema,
  rateCardFormDefaults,
  type RateCardFormInput,
  type RateCardFormOutput,
} from './rate-card-form.schema.ts';
import { useRateMutations } from './use-rate-mutations.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { NumberField } from '../../components/form/controlled-fields.tsx';

/** Add Rate Card (no `card`) and Edit Rate Card; full screen on a phone. */
export function RateCardDialog({
  opened,
  card,
  onClose,
}: {
  opened: boolean;
  card: RateCard | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={card ? 'Edit Rate Card' : 'Add Rate Card'}
      size="lg"
    >
      <RateCardForm key={card?.id ?? 'new'} card={card} onDone={onClose} />
    </FormDialog>
  );
}

function RateCardForm({ card, onDone }: { card: RateCard | null; onDone: () => void }) {
  const currencyPrefix = useCurrencyPrefix();
  const mutations = useRateMutations();
  const form = useForm<RateCardFormInput, unknown, RateCardFormOutput>({
    resolver: zodResolver(RateCardFormSchema),
    defaultValues: rateCardFormDefaults(card, today()),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const saved = card ? await mutations.update(card.id, values) : await mutations.create(values);
    if (saved) onDone();
  });

  const rateField = (name: 'billableRate' | 'costRate', label: string, description: string) => (
    <NumberField
      control={form.control}
      name={name}
      label={label}
      description={description}
      withAsterisk
      prefix={currencyPrefix}
      min={0}
      step={5}
      decimalScale={2}
      thousandSeparator=","
    />
  );

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={card ? 'Save Changes' : 'Add Rate Card'}
      onCancel={onDone}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <Controller
          control={form.control}
          name="userId"
          render={({ field, fieldState }) => (
            <MemberSelect
              label="Member"
              description="Blank: everyone on the project"
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                if (form.formState.isSubmitted) void form.trigger('userId');
              }}
              error={fieldState.error?.message}
              data-autofocus
            />
          )}
        />
        <Controller
          control={form.control}
          name="projectId"
          render={({ field }) => (
            <ProjectPicker
              label="Project"
              description="Blank: all the member's projects"
              placeholder="All projects"
              clearable
              value={field.value}
              valueLabel={card?.projectId === field.value ? (card.project?.name ?? null) : null}
              onChange={(v) => {
                field.onChange(v);
                if (form.formState.isSubmitted) void form.trigger('userId');
              }}
            />
          )}
        />
        {rateField('billableRate', 'Billable rate', 'Per hour, what the client is billed')}
        {rateField('costRate', 'Cost rate', 'Per hour, what the work costs you')}
      </SimpleGrid>
      <DateField
        control={form.control}
        name="effectiveFrom"
        label="Effective from"
        description="Time logged from this day takes these rates; time already logged keeps its own"
        withAsterisk
      />
    </DialogForm>
  );
}
