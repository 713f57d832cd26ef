import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminInviteLinkDialog, type ResentInvitation } from './admin-invite-link.dialog.tsx';
import { adminInvitationColumns, type AdminInvitation } from './admin-invitations.table.tsx';
import { ADMIN_INVITATION_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { auditReads } from './refresh-audit.ts';

const invitationReads = [trpc.admin.invitations, ...auditReads];

/**
 * /admin/invitations: every invitation of every workspace, newest first, searched by
 * email or workspace on the server, with Resend (new link, new expiry, old link dead)
 * and Cancel.
 */
export function AdminInvitationsPage() {
  const utils = trpc.useUtils();
  const controls = useListControls({
    pageSize: ADMIN_PAGE_SIZE,
    sorts: ADMIN_INVITATION_SORT_LABELS,
  });
  const list = trpc.admin.invitations.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
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
  const [resent, setResent] = useState<ResentInvitation | null>(null);
  const [cancelling, setCancelling] = useState<AdminInvitation | null>(null);

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

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="invitations"
      header={{
        description: 'Invitations sent from every workspace, newest first.',
      }}
      search={{ label: 'Search invitations', placeholder: 'Search by email or workspace...' }}
      empty={{
        icon: <IconInbox size={26} stroke={1.5} />,
        title: 'No invitations found',
        description: 'Invitations sent from any workspace’s team page appear here.',
        filteredDescription: 'Try adjusting your search',
      }}
      minWidth={960}
      columns={adminInvitationColumns({
        // The invitation whose Resend spins.
        pendingId: resend.isPending ? resend.variables.id : null,
        onResend: (invitation) => void resendInvitation(invitation),
        onCancel: setCancelling,
      })}
      // Cancelling is the list's destructive act: the kit's confirmation asks first.
      deletion={{
        item: cancelling,
        onClose: () => setCancelling(null),
        title: 'Cancel Invitation',
        confirmLabel: 'Cancel Invitation',
        cancelLabel: 'Keep Invitation',
        message: (invitation) =>
          `Cancel the invitation of ${invitation.email} to ${invitation.workspaceName}? Its link stops working at once.`,
        confirm: async (invitation) =>
          (await succeeded(cancel.mutateAsync(invitation))) !== undefined,
      }}
    >
      <AdminInviteLinkDialog resent={resent} onClose={() => setResent(null)} />
    </ListPage>
  );
}

export default AdminInvitationsPage;
