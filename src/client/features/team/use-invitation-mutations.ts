import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { PendingInvitation } from '../../../shared/team.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { resentToast } from './invitation-toasts.ts';

export type ResentInvitation = RouterOutputs['team']['resendInvitation'];

/** A resend changes the row's link, expiry and sender; a cancel removes it. */
const invitations = [trpc.team.invitations];

/**
 * Resend (a new link, emailed), Copy link (a new link, not emailed: only hashes are kept,
 * so the earlier link cannot be shown again) and Cancel, with their toasts. Resend and
 * Copy link resolve to the new link, or undefined when refused; Cancel to whether it worked.
 */
export function useInvitationMutations() {
  const { client } = trpc.useUtils();
  const {
    mutateAsync: resend,
    isPending,
    variables,
  } = useMutation({
    mutationFn: ({
      invitation,
      sendEmail,
    }: {
      invitation: PendingInvitation;
      sendEmail: boolean;
    }) => client.team.resendInvitation.mutate({ id: invitation.id, sendEmail }),
    meta: {
      success: (result: ResentInvitation, { sendEmail }: { sendEmail: boolean }) =>
        resentToast(result, sendEmail),
      error: (error: unknown, { sendEmail }: { sendEmail: boolean }) =>
        withServerMessage(sendEmail ? 'Failed to resend invitation' : 'Failed to create a link')(
          error,
        ),
      invalidates: invitations,
    },
  });
  const { mutateAsync: cancel } = useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      client.team.cancelInvitation.mutate({ id: invitation.id }),
    meta: {
      success: (_done: unknown, invitation: PendingInvitation) => [
        'Invitation cancelled',
        `The link sent to ${invitation.email} no longer works.`,
      ],
      error: withServerMessage('Failed to cancel invitation'),
      invalidates: invitations,
    },
  });
  const busyId = isPending ? (variables?.invitation.id ?? null) : null;

  return useMemo(
    () => ({
      resend: (invitation: PendingInvitation) => succeeded(resend({ invitation, sendEmail: true })),
      newLink: (invitation: PendingInvitation) =>
        succeeded(resend({ invitation, sendEmail: false })),
      cancel: async (invitation: PendingInvitation) =>
        (await succeeded(cancel(invitation))) !== undefined,
      /** The invitation whose new link is on its way. */
      busyId,
    }),
    [resend, cancel, busyId],
  );
}
