import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { UpdateWorkspaceInputSchema } from '../../../shared/workspaces.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

type CurrentWorkspace = RouterOutputs['workspaces']['current'];

/** SPEC §5 Workspace settings: the update call's own rules, with a plain-string description. */
const GeneralFormSchema = UpdateWorkspaceInputSchema.pick({ name: true }).extend({
  description: z.string().max(500, 'Description must be less than 500 characters'),
});
type GeneralFormValues = z.infer<typeof GeneralFormSchema>;

function savedValues(workspace: CurrentWorkspace): GeneralFormValues {
  return { name: workspace.name, description: workspace.description ?? '' };
}

/** General Information: name and description; Save only lights up once something differs. */
export function WorkspaceSettingsGeneralCard({
  workspace,
  canEdit,
}: {
  workspace: CurrentWorkspace;
  canEdit: boolean;
}) {
  const utils = trpc.useUtils();
  const update = trpc.workspaces.update.useMutation({
    meta: {
      success: 'Workspace settings updated',
      error: withServerMessage('Failed to update workspace settings'),
      // The switcher lists the name.
      invalidates: [trpc.workspaces.listMine],
    },
  });
  const form = useForm<GeneralFormValues>({
    resolver: zodResolver(GeneralFormSchema),
    values: savedValues(workspace),
    resetOptions: { keepDirtyValues: true },
  });
  const { isSubmitting } = form.formState;
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });
  const saved = savedValues(workspace);
  // SPEC §2: compared with the saved values, so typing a change and undoing it disables Save.
  const changed = name !== saved.name || description !== saved.description;

  const save = async (values: GeneralFormValues) => {
    const updated = await succeeded(
      update.mutateAsync({
        id: workspace.id,
        name: values.name,
        description: values.description.trim() ? values.description : null,
      }),
    );
    if (!updated) return;
    utils.workspaces.current.setData(undefined, { ...updated, role: workspace.role });
    form.reset(savedValues({ ...updated, role: workspace.role }));
  };

  return (
    <SectionCard
      icon={IconBuildingStore}
      title="General Information"
      hint="The name and description your team sees."
    >
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Workspace Name"
            withAsterisk
            autoComplete="off"
            readOnly={!canEdit}
            {...fieldProps(form, 'name')}
          />
          <Textarea
            label="Workspace Description (Optional)"
            placeholder="What this workspace is for"
            autosize
            minRows={3}
            maxRows={8}
            styles={{ input: { minHeight: 80 } }}
            readOnly={!canEdit}
            {...fieldProps(form, 'description')}
          />
          {canEdit ? (
            <Group justify="flex-end">
              <Button type="submit" disabled={!changed || isSubmitting}>
                {isSubmitting ? 'Saving...' : 'Save Changes'}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Only owners and administrators can change these settings.
            </Text>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
