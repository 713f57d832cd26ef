import type { InviteResult } from '../../../shared/team.schema.ts';
import type { ToastText } from '../../mutations.ts';

/** Whether an invitation's email went out: what the server answered. */
type EmailOutcome = Pick<InviteResult, 'emailSent' | 'mailConfigured'>;

/** Without SMTP_URL the email only reaches the server log: the inviter sends the link. */
export const NO_MAIL_MESSAGE =
  'Email is not configured on this server, so no email was sent. Copy the link and send it yourself.';

function notSent(outcome: EmailOutcome, email: string): string {
  return outcome.mailConfigured
    ? `The email to ${email} could not be sent. Copy the link and send it yourself.`
    : NO_MAIL_MESSAGE;
}

/** After Send Invitation: SPEC §8's text only when the email really went out. */
export function invitedToast(result: InviteResult): ToastText {
  const email = result.invitation.email;
  return result.emailSent
    ? ['Invitation sent successfully', `An email invitation has been sent to ${email}.`]
    : ['Invitation created', notSent(result, email)];
}

/** After Resend, or after Copy link (`sendEmail` false: a new link, no email). */
export function resentToast(
  result: EmailOutcome & { invitation: { email: string } },
  sendEmail: boolean,
): ToastText {
  const email = result.invitation.email;
  if (!sendEmail) return ['New invitation link', 'The link sent before no longer works.'];
  return result.emailSent
    ? ['Invitation resent', `A new link was sent to ${email}. The previous link no longer works.`]
    : ['New invitation link', notSent(result, email)];
}
