import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';

/**
 * The head of a document's page (an invoice, an estimate): its name and status, a line of
 * what it comes to, links to the documents it came from or became, and its actions.
 */
export function DocumentHead({
  title,
  status,
  statusColor,
  summary,
  links,
  actions,
}: {
  title: string;
  status: string;
  statusColor: string;
  summary: ReactNode;
  links?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} miw={0}>
        <Group gap="sm">
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          <Badge variant="light" color={statusColor}>
            {status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
        {links}
      </Stack>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

/**
 * "Delete draft" and its confirmation; once deleted, back to the list (`backTo`). The
 * dialog is in a portal, so this sits among the head's actions.
 */
export function DeleteDraftButton({
  title,
  backTo,
  remove,
  children,
}: {
  /** The dialog's title ("Delete Invoice"). */
  title: string;
  backTo: '/invoices' | '/estimates' | '/contracts';
  /** Resolves to true when deleted. */
  remove: () => Promise<boolean>;
  /** What the dialog asks. */
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => setDeleting(true)}
      >
        Delete draft
      </Button>
      <ConfirmDeleteDialog
        opened={deleting}
        title={title}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          const done = await remove();
          if (done) void navigate({ to: backTo });
          return done;
        }}
      >
        {children}
      </ConfirmDeleteDialog>
    </>
  );
}
