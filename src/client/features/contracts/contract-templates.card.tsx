import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  ContractTemplateInputSchema,
  type ContractTemplate,
  type ContractTemplateInput,
} from '../../../shared/contracts.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { MERGE_FIELDS_HELP } from './contract-form.dialog.tsx';
import { useContractMutations } from './use-contract-mutations.ts';
import { markdownBlocks } from '../../../shared/markdown.ts';

/** A template's first paragraph as a reader sees it: its Markdown read, not shown. */
function previewOf(body: string): string {
  const paragraph = markdownBlocks(body).find((block) => block.kind === 'paragraph');
  return paragraph?.kind === 'paragraph' ? paragraph.runs.map((run) => run.text).join('') : '';
}

/**
 * The workspace's contract templates, below the contracts: each named, its Markdown body
 * with merge fields; one is the default (what a proposal accepted with a contract drafts
 * from). Those who bill create, edit, set the default and delete; the others read.
 */
export function ContractTemplatesCard({ canEdit }: { canEdit: boolean }) {
  const templates = trpc.contractTemplates.list.useQuery();
  const mutations = useContractMutations();
  const [editing, setEditing] = useState<ContractTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContractTemplate | null>(null);

  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="contract-templates"
    >
      <Group justify="space-between" mb="sm">
        <Stack gap={0}>
          <Title order={2} fz="lg" id="contract-templates">
            Templates
          </Title>
          <Text size="sm" c="dimmed">
            What new contracts start from, with merge fields filled in.
          </Text>
        </Stack>
        {canEdit && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing('new')}
          >
            New template
          </Button>
        )}
      </Group>
      {templates.status !== 'success' ? (
        <QueryState
          status={templates.status}
          what="templates"
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No templates yet.
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label="Contract templates"
        >
          {templates.data.map((template) => (
            <Group
              key={template.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} miw={0}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {template.name}
                  </Text>
                  {template.isDefault && (
                    <Badge size="sm" variant="light" color="teal">
                      Default
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" truncate="end">
                  {previewOf(template.body)}
                </Text>
              </Stack>
              {canEdit && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Actions for ${template.name}`}
                    >
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPencil size={14} />}
                      onClick={() => setEditing(template)}
                    >
                      Edit
                    </Menu.Item>
                    {!template.isDefault && (
                      <Menu.Item
                        leftSection={<IconStar size={14} />}
                        onClick={() =>
                          void mutations.updateTemplate({ id: template.id, isDefault: true })
                        }
                      >
                        Set as default
                      </Menu.Item>
                    )}
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => setDeleting(template)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <FormDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New template' : 'Edit template'}
        size="lg"
      >
        {editing !== null && (
          <TemplateForm
            template={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Template"
        onClose={() => setDeleting(null)}
        onConfirm={() => mutations.removeTemplate(deleting?.id ?? 0)}
      >
        Delete the template “{deleting?.name}”? Contracts made from it keep their text.
      </ConfirmDeleteDialog>
    </Card>
  );
}

function TemplateForm({
  template,
  onClose,
}: {
  template: ContractTemplate | null;
  onClose: () => void;
}) {
  const mutations = useContractMutations();
  const form = useForm<ContractTemplateInput>({
    resolver: zodResolver(ContractTemplateInputSchema),
    defaultValues: {
      name: template?.name ?? '',
      body: template?.body ?? '',
      isDefault: template?.isDefault ?? false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const saved = template
      ? await mutations.updateTemplate({ id: template.id, ...values })
      : await mutations.createTemplate(values);
    if (saved) onClose();
  });
  return (
    <DialogForm
      onSubmit={submit}
      pending={isSubmitting}
      submitLabel={template ? 'Save template' : 'Create template'}
      onCancel={onClose}
    >
      <TextInput
        label="Name"
        withAsterisk
        maxLength={200}
        error={errors.name?.message}
        data-autofocus
        {...form.register('name')}
      />
      <Textarea
        label="Body"
        withAsterisk
        description={`Markdown. ${MERGE_FIELDS_HELP}`}
        autosize
        minRows={8}
        maxRows={20}
        error={errors.body?.message}
        {...form.register('body')}
      />
      <Controller
        control={form.control}
        name="isDefault"
        render={({ field }) => (
          <Switch
            label="Default template"
            description="New contracts and proposals accepted with a contract start from it."
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
    </DialogForm>
  );
}
