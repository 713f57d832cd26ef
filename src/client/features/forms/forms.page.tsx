import { Anchor, Badge, Group, Text, TextInput, useMatches, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconForms } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Form } from '../../../shared/forms.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { deleteAction, editAction, RowActions } from '../../components/list/row-actions.tsx';
import { PublicLink } from '../../components/public-link.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { useFormMutations } from './use-form-mutations.ts';

const PAGE_SIZE = 25;

function formColumns(
  phone: boolean,
  actions: { open: (form: Form) => void; remove: (form: Form) => void },
): Column<Form>[] {
  return [
    {
      header: 'Form',
      maw: 320,
      cell: (form) => (
        // On a phone the badge goes under the name rather than squeezing it to a few letters.
        <Group gap={phone ? 4 : 'xs'} wrap={phone ? 'wrap' : 'nowrap'}>
          <Anchor
            renderRoot={(props) => (
              <Link to="/forms/$formId" params={{ formId: String(form.id) }} {...props} />
            )}
            size="sm"
            fw={500}
            truncate="end"
          >
            {form.name}
          </Anchor>
          {form.published ? (
            <Badge variant="light" color="teal" size="sm">
              Published
            </Badge>
          ) : (
            <Badge variant="light" color="gray" size="sm">
              Draft
            </Badge>
          )}
        </Group>
      ),
    },
    {
      header: 'Submissions',
      numeric: true,
      nowrap: true,
      cell: (form) =>
        form.submissionCount === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          form.submissionCount
        ),
    },
    {
      header: 'Public link',
      hidden: phone,
      share: '40%',
      cell: (form) => (
        <PublicLink
          url={form.publicUrl}
          text={`/f/${form.publicSlug}`}
          copyLabel={`Copy the link of ${form.name}`}
        />
      ),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (form) => (
        <RowActions
          name={form.name}
          actions={[editAction(() => actions.open(form)), deleteAction(() => actions.remove(form))]}
        />
      ),
    },
  ];
}

/** New form: a name is all it takes; the builder then opens on the (unpublished) form. */
function NewFormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mutations = useFormMutations();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const close = () => {
    setName('');
    setError(undefined);
    onClose();
  };

  return (
    <FormDialog opened={opened} onClose={close} title="New form">
      <DialogForm
        pending={pending}
        submitLabel="Create form"
        onCancel={close}
        onSubmit={async (event) => {
          event.preventDefault();
          if (!name.trim()) {
            setError('Name is required');
            return;
          }
          setPending(true);
          const form = await mutations.create({ name: name.trim() });
          setPending(false);
          if (!form) return;
          close();
          void navigate({ to: '/forms/$formId', params: { formId: String(form.id) } });
        }}
      >
        <TextInput
          label="Name"
          placeholder="e.g. Contact us"
          withAsterisk
          autoComplete="off"
          data-autofocus
          value={name}
          error={error}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </DialogForm>
    </FormDialog>
  );
}

/**
 * `/forms`: the workspace's lead forms (issue 44) by name, with whether each is published,
 * how many submissions it took and its public link to copy; a form opens in its builder.
 */
export function FormsPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE });
  const phone = useMatches({ base: true, sm: false });
  const navigate = useNavigate();
  const mutations = useFormMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Form | null>(null);
  const forms = trpc.forms.list.useQuery(
    {
      limit: PAGE_SIZE,
      ...(controls.page > 1 ? { offset: (controls.page - 1) * PAGE_SIZE } : {}),
      ...(controls.query ? { search: controls.query } : {}),
    },
    { placeholderData: keepPreviousData },
  );

  return (
    <ListPage
      controls={controls}
      result={forms}
      noun="forms"
      header={{
        description:
          'Forms on your website that turn a visitor into a contact (and a deal, when you want one).',
      }}
      create={{
        label: 'New Form',
        first: 'Create your first form',
        onClick: () => setCreating(true),
      }}
      search={{ placeholder: 'Search forms...' }}
      empty={{
        icon: <IconForms size={26} stroke={1.5} />,
        description:
          'Build a contact or quote request form, publish it, and share its link or embed it on your site.',
      }}
      minWidth={phone ? 300 : 720}
      tableLabel="Forms"
      columns={formColumns(phone, {
        open: (form) =>
          void navigate({ to: '/forms/$formId', params: { formId: String(form.id) } }),
        remove: setDeleting,
      })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete form',
        message: (form) =>
          `Delete ${form.name}? Its public page stops answering and its submissions are deleted; the contacts and deals it made stay.`,
        confirm: mutations.remove,
      }}
    >
      <NewFormDialog opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

export default FormsPage;
