import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Collapse, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';
import { useMe } from '../auth/session.ts';
import { trpc } from '../../trpc.ts';
import { ContactPicker } from './contact-picker.tsx';
import { DealTagsInput } from './deal-tags.input.tsx';
import { NewContactPanel } from './new-contact.panel.tsx';
import {
  emptyOpportunityForm,
  leadInputOf,
  OpportunityFormSchema,
  opportunityFormOf,
  UNASSIGNED,
  type OpportunityFormInput,
  type OpportunityFormOutput,
} from './opportunity-form.schema.ts';
import { OrganizationPicker } from '../organizations/organization-picker.tsx';
import { useLeadMutations } from './use-lead-mutations.ts';
import { useCurrencyPrefix } from '../../components/money.tsx';
import { DateField } from '../../components/form/date-field.tsx';
import { NumberField, SelectField } from '../../components/form/controlled-fields.tsx';
import { DialogForm } from '../../components/form-dialog.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { DealMeetingsSection } from '../scheduling/meetings.section.tsx';

/** SPEC §9: a new deal starts in 'new' (or the first stage if a workspace has none). */
function defaultStageOf(stages: readonly Stage[]): string {
  return stages.some((s) => s.key === 'new') ? 'new' : (stages[0]?.key ?? 'new');
}

/**
 * The body of Add New Opportunity and Edit Opportunity. Mounted afresh each time the
 * dialog opens, so it always starts from the deal (or the defaults). A new deal belongs
 * to whoever adds it unless they choose otherwise.
 */
export function OpportunityForm({
  lead,
  stages,
  onSaved,
  onCancel,
  onDelete,
}: {
  lead: Lead | null;
  stages: readonly Stage[];
  onSaved: () => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const currencyPrefix = useCurrencyPrefix();
  const me = useMe();
  const members = trpc.team.members.useQuery();
  const { create, update } = useLeadMutations();
  const [creatingContact, setCreatingContact] = useState(false);

  const form = useForm<OpportunityFormInput, unknown, OpportunityFormOutput>({
    resolver: zodResolver(OpportunityFormSchema),
    defaultValues: lead
      ? opportunityFormOf(lead)
      : emptyOpportunityForm(defaultStageOf(stages), me.data?.id ?? null),
  });
  const { isSubmitting } = form.formState;

  // SPEC §6: active members plus Unassigned. A deactivated owner still on the deal stays
  // listed, disabled, so the field shows their name rather than a blank.
  const ownerOptions = useMemo(() => {
    const current = lead?.assignedUserId ?? null;
    return [
      { value: UNASSIGNED, label: 'Unassigned' },
      ...(members.data ?? [])
        .filter((m) => m.isActive || m.id === current)
        .map((m) => ({ value: String(m.id), label: m.fullName || m.email, disabled: !m.isActive })),
    ];
  }, [members.data, lead]);

  const stageOptions = useMemo(
    () => stages.map((stage) => ({ value: stage.key, label: stage.label })),
    [stages],
  );

  const submit = form.handleSubmit(async (values) => {
    const input = leadInputOf(values);
    const saved = lead ? await update(lead.id, input) : await create(input);
    if (saved) onSaved();
  });

  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={lead ? 'Save Changes' : 'Create Opportunity'}
      onCancel={onCancel}
      start={
        onDelete && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.7} />}
            onClick={onDelete}
          >
            Delete
          </Button>
        )
      }
    >
      <TextInput
        label="Deal Name"
        placeholder="e.g. Website redesign"
        withAsterisk
        data-autofocus
        {...fieldProps(form, 'dealName')}
      />

      <Stack gap={6}>
        <Controller
          control={form.control}
          name="person"
          render={({ field, fieldState }) => (
            <ContactPicker
              value={field.value}
              onChange={(person, company) => {
                field.onChange(person);
                // The contact's organization is the likely one; never overwrite a choice.
                if (company && !form.getValues('company')) form.setValue('company', company);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        {!creatingContact && (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconUserPlus size={16} stroke={1.7} />}
              onClick={() => setCreatingContact(true)}
            >
              Create New Contact
            </Button>
          </Group>
        )}
        <Collapse expanded={creatingContact}>
          {creatingContact && (
            <NewContactPanel
              company={form.watch('company')}
              onCancel={() => setCreatingContact(false)}
              onCreated={(person, company) => {
                form.setValue('person', person, { shouldValidate: true });
                if (company && !form.getValues('company')) form.setValue('company', company);
                setCreatingContact(false);
              }}
            />
          )}
        </Collapse>
      </Stack>

      <Controller
        control={form.control}
        name="company"
        render={({ field, fieldState }) => (
          <OrganizationPicker
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <NumberField
          control={form.control}
          name="value"
          label="Value"
          prefix={currencyPrefix}
          thousandSeparator=","
          decimalScale={2}
          step={0.01}
          min={0}
          allowNegative={false}
        />
        <NumberField
          control={form.control}
          name="probability"
          label="Probability (%)"
          suffix="%"
          min={0}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
        />
        <SelectField
          control={form.control}
          name="stage"
          label="Stage"
          data={stageOptions}
          allowDeselect={false}
        />
        <SelectField
          control={form.control}
          name="assignedUserId"
          label="Owner"
          data={ownerOptions}
          allowDeselect={false}
          empty={UNASSIGNED}
        />
      </SimpleGrid>

      <DateField control={form.control} name="closeDate" label="Close Date" />

      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <DealTagsInput
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <Textarea
        label="Description"
        placeholder="What the client needs, next steps..."
        autosize
        minRows={3}
        maxRows={8}
        styles={{ input: { minHeight: 80 } }}
        {...fieldProps(form, 'description')}
      />
      {lead && <DealMeetingsSection dealId={lead.id} />}
    </DialogForm>
  );
}
