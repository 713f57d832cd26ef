import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Fieldset,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PROJECT_FIELDS, PROJECT_STATUSES, type Project } from '../../../shared/projects.schema.ts';
import { TextFieldInput } from '../../components/form/text-field-input.tsx';
import { NumberField, PickerField, SelectField } from '../../components/form/controlled-fields.tsx';
import { fieldProps } from '../../components/form/field-props.ts';
import { ClientPicker } from '../clients/client-picker.tsx';
import {
  ProjectFormSchema,
  projectFormDefaults,
  type ProjectFormInput,
  type ProjectFormOutput,
} from './project-form.schema.ts';
import { PROJECT_STATUS_LABELS } from './project-status.ts';
import { useProjectMutations } from './use-project-mutations.ts';
import { useCurrencyPrefix } from '../../components/money.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({
  value: status,
  label: PROJECT_STATUS_LABELS[status],
}));

/** The fields of New Project and Edit Project; `onSaved` closes the dialog. */
export function ProjectForm({
  project,
  onSaved,
  onCancel,
}: {
  project: Project | null;
  onSaved: (project: Project) => void;
  onCancel: () => void;
}) {
  const currencyPrefix = useCurrencyPrefix();
  // The server refuses a rate change from other roles (issue 18); the field says so first.
  const canBill = useCanBill();
  const rateLocked = project !== null && !canBill;
  const defaultRate = trpc.business.get.useQuery(undefined, { staleTime: Infinity }).data
    ?.defaultHourlyRate;
  const mutations = useProjectMutations();
  const form = useForm<ProjectFormInput, unknown, ProjectFormOutput>({
    resolver: zodResolver(ProjectFormSchema),
    defaultValues: projectFormDefaults(project, defaultRate),
  });
  const { isSubmitting } = form.formState;
  const budgetType = useWatch({ control: form.control, name: 'budgetType' });

  const submit = form.handleSubmit(async (values) => {
    const saved = project
      ? await mutations.update(project.id, values)
      : await mutations.create(values);
    if (saved) onSaved(saved);
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset variant="unstyled" disabled={isSubmitting}>
        <Stack gap="md">
          <TextInput
            label={PROJECT_FIELDS.name.title}
            placeholder="Website redesign"
            withAsterisk
            data-autofocus
            autoComplete="off"
            {...fieldProps(form, 'name')}
          />
          <PickerField
            control={form.control}
            name="clientId"
            picker={ClientPicker}
            labelOf={(id) => (project?.clientId === id ? (project.client?.name ?? null) : null)}
            disabled={isSubmitting}
          />
          <TextFieldInput field={PROJECT_FIELDS.description} {...fieldProps(form, 'description')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <SelectField
              control={form.control}
              name="status"
              label={PROJECT_FIELDS.status.title}
              data={STATUS_OPTIONS}
            />
            <Controller
              control={form.control}
              name="budgetType"
              render={({ field }) => (
                <Input.Wrapper label={PROJECT_FIELDS.budgetType.title} id="project-budget-type">
                  <SegmentedControl
                    id="project-budget-type"
                    fullWidth
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'time', label: 'Hours' },
                      { value: 'budget', label: 'Fixed amount' },
                    ]}
                  />
                </Input.Wrapper>
              )}
            />
            <NumberField
              control={form.control}
              name="budgetLimit"
              label={budgetType === 'time' ? 'Budget (hours)' : 'Budget (amount)'}
              description="0 means no limit"
              prefix={budgetType === 'time' ? undefined : '$'}
              min={0}
              step={budgetType === 'time' ? 1 : 100}
              decimalScale={2}
              thousandSeparator=","
            />
            <NumberField
              control={form.control}
              name="hourlyRate"
              label={PROJECT_FIELDS.hourlyRate.title}
              description={
                rateLocked
                  ? 'Set by those who manage invoices'
                  : 'Per hour logged; billed time keeps its rate'
              }
              readOnly={rateLocked}
              variant={rateLocked ? 'filled' : 'default'}
              withAsterisk
              prefix={currencyPrefix}
              min={0}
              step={5}
              decimalScale={2}
              thousandSeparator=","
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {project ? 'Save Changes' : 'Create Project'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
