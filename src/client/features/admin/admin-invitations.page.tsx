import { Group, Paper, Stack } from '@mantine/core';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminInviteLinkDialog, type ResentInvitation } from './admin-invite-link.dialog.tsx';
import { AdminInvitationsTable, type AdminInvitation } from './admin-invitations.table.tsx';
import { AdminPageHeader } from './admin-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { ADMIN_INVITATION_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { sortOf } from '../../components/list/sort-select.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { AdminTableState } from './admin-table-state.tsx';
import { useRetained } from '../../components/list/use-retained.ts';
import { auditReads } from './refresh-audit.ts';

const invitationReads = [trpc.admin.invitations, ...auditReads];

/**
 * /admin/invitations: every invitation of every workspace, newest first, searched by
 * email or workspace on the server, with Resend (new link, new expiry, old link dead)
 * and Cancel.
 */
export function AdminInvitationsPage() {
  const utils = trpc.useUtils();
  // Search and page live in the URL (the list kit): a reload or Back shows the same page.
  const url = useListSearch();
  const { page, setPage } = url;
  const debounced = url.query ?? '';
  const sort = sortOf(ADMIN_INVITATION_SORT_LABELS, url.search.sort);
  const list = trpc.admin.invitations.useQuery(
    {
      search: debounced || undefined,
      sort,
      // One more than shown: its presence says there is a next page.
      limit: ADMIN_PAGE_SIZE + 1,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  // The invitation itself is each mutation's input: its toast names the invitee.
  const resend = useMutation({
    mutationFn: (invitation: AdminInvitation) =>
      utils.client.admin.resendInvitation.mutate({ id: invitation.id }),
    meta: {
      success: (_result: unknown, invitation: AdminInvitation) => [
        'Invitation resent',
        `A new link was sent to ${invitation.email}`,
      ],
      error: withServerMessage('Failed to resend invitation'),
      invalidates: invitationReads,
    },
  });
  const cancel = useMutation({
    mutationFn: (invitation: AdminInvitation) =>
      utils.client.admin.cancelInvitation.mutate({ id: invitation.id }),
    meta: {
      success: (_result: unknown, invitation: AdminInvitation) => [
        'Invitation cancelled',
        `The link sent to ${invitation.email} no longer works`,
      ],
      error: withServerMessage('Failed to cancel invitation'),
      invalidates: invitationReads,
    },
  });
  // The invitation whose Resend spins.
  const pendingId = resend.isPending ? resend.variables.id : null;
  const [resent, setResent] = useState<ResentInvitation | null>(null);
  const [cancelling, setCancelling] = useState<AdminInvitation | null>(null);
  const cancellingShown = useRetained(cancelling);

  const rows = list.data?.items ?? [];
  const items = rows.slice(0, ADMIN_PAGE_SIZE);
  const hasNext = rows.length > ADMIN_PAGE_SIZE;
  // After cancellations the page may be empty: step back to one that has rows.
  const pageGone =
    list.data !== undefined && !list.isPlaceholderData && page > 1 && rows.length === 0;
  useEffect(() => {
    if (pageGone) setPage(page - 1);
  }, [pageGone, page, setPage]);

  const resendInvitation = async (invitation: AdminInvitation) => {
    const result = await succeeded(resend.mutateAsync(invitation));
    if (result) {
      setResent({
        email: invitation.email,
        inviteUrl: result.inviteUrl,
        expiresAt: result.expiresAt,
      });
    }
  };

  const cancelInvitation = async () =>
    cancelling !== null && (await succeeded(cancel.mutateAsync(cancelling))) !== undefined;

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
            sort={sort}
            onSort={(next) => url.update({ sort: next })}
          />
        </div>
        <ListPager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          shown={items.length}
          hasMore={hasNext}
          noun="invitations"
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
        <SearchInput
          label="Search invitations"
          placeholder="Search by email or workspace..."
          value={url.text}
          searching={url.typing || (list.isFetching && debounced !== '')}
          onChange={url.setText}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      <AdminInviteLinkDialog resent={resent} onClose={() => setResent(null)} />
      <ConfirmDeleteDialog
        opened={cancelling !== null}
        title="Cancel Invitation"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep Invitation"
        onClose={() => setCancelling(null)}
        onConfirm={cancelInvitation}
      >
        Cancel the invitation of {cancellingShown?.email} to {cancellingShown?.workspaceName}? Its
        link stops working at once.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default AdminInvitationsPage;
