import { Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { AdminConfirmDialog } from './admin-confirm.dialog.tsx';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminInviteLinkDialog, type ResentInvitation } from './admin-invite-link.dialog.tsx';
import { AdminInvitationsTable, type AdminInvitation } from './admin-invitations.table.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { AdminPager } from './admin-pager.tsx';
import { AdminSearchInput } from './admin-search.input.tsx';
import { AdminTableState } from './admin-table-state.tsx';
import { useRetained } from './use-retained.ts';
import { refreshAudit } from './refresh-audit.ts';

/**
 * /admin/invitations: every invitation of every workspace, newest first, searched by
 * email or workspace on the server, with Resend (new link, new expiry, old link dead)
 * and Cancel.
 */
export function AdminInvitationsPage() {
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = trpc.admin.invitations.useQuery(
    {
      search: debounced || undefined,
      // One more than shown: its presence says there is a next page.
      limit: ADMIN_PAGE_SIZE + 1,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const resend = trpc.admin.resendInvitation.useMutation();
  const cancel = trpc.admin.cancelInvitation.useMutation();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [resent, setResent] = useState<ResentInvitation | null>(null);
  const [cancelling, setCancelling] = useState<AdminInvitation | null>(null);
  const cancellingShown = useRetained(cancelling);

  const rows = list.data?.items ?? [];
  const items = rows.slice(0, ADMIN_PAGE_SIZE);
  const hasNext = rows.length > ADMIN_PAGE_SIZE;
  // After cancellations the page may be empty: step back to one that has rows.
  if (list.data && !list.isPlaceholderData && page > 1 && rows.length === 0) setPage(page - 1);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const refresh = () => Promise.all([utils.admin.invitations.invalidate(), refreshAudit(utils)]);

  const resendInvitation = async (invitation: AdminInvitation) => {
    setPendingId(invitation.id);
    try {
      const result = await resend.mutateAsync({ id: invitation.id });
      await refresh();
      setResent({
        email: invitation.email,
        inviteUrl: result.inviteUrl,
        expiresAt: result.expiresAt,
      });
      toastSuccess('Invitation resent', `A new link was sent to ${invitation.email}`);
    } catch (error) {
      toastError('Failed to resend invitation', messageOf(error) || undefined);
    } finally {
      setPendingId(null);
    }
  };

  const cancelInvitation = async () => {
    if (!cancelling) return false;
    try {
      await cancel.mutateAsync({ id: cancelling.id });
      await refresh();
      toastSuccess('Invitation cancelled', `The link sent to ${cancelling.email} no longer works`);
      return true;
    } catch (error) {
      toastError('Failed to cancel invitation', messageOf(error) || undefined);
      return false;
    }
  };

  let body;
  if (list.isPending) body = <AdminTableState state="loading" label="Loading invitations" />;
  else if (list.isError)
    body = (
      <AdminTableState
        state="error"
        label="Invitations could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <AdminTableState
        state="empty"
        label="No invitations found"
        hint={
          debounced
            ? 'Try adjusting your search'
            : 'Invitations sent from any workspace’s team page appear here.'
        }
      />
    );
  else
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <AdminInvitationsTable
            invitations={items}
            pendingId={pendingId}
            onResend={(invitation) => void resendInvitation(invitation)}
            onCancel={setCancelling}
          />
        </div>
        <AdminPager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          shown={items.length}
          hasNext={hasNext}
          noun={items.length === 1 ? 'invitation' : 'invitations'}
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Invitations"
        description="Invitations sent from every workspace, newest first."
      />
      <Group>
        <AdminSearchInput
          label="Search invitations"
          placeholder="Search by email or workspace..."
          value={search}
          searching={list.isFetching && debounced !== ''}
          onChange={changeSearch}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      <AdminInviteLinkDialog resent={resent} onClose={() => setResent(null)} />
      <AdminConfirmDialog
        opened={cancelling !== null}
        title="Cancel Invitation"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep Invitation"
        onClose={() => setCancelling(null)}
        onConfirm={cancelInvitation}
      >
        Cancel the invitation of {cancellingShown?.email} to {cancellingShown?.workspaceName}? Its
        link stops working at once.
      </AdminConfirmDialog>
    </Stack>
  );
}

export default AdminInvitationsPage;
