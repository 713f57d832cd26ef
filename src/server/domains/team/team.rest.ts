import { asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const MANAGE = 'acting on yourself, or on a member your role may not manage';

export const teamRestRoutes = defineRestRoutes(
  {
    name: 'Team',
    description:
      "The current workspace's members: roles, deactivation, removal and invitations, and accepting an invitation (public, with the invitation's token).",
  },
  [
    {
      method: 'GET',
      path: '/api/admin/users',
      procedure: 'team.members',
      summary: 'List the members of the workspace',
    },
    {
      method: 'POST',
      path: '/api/admin/invite',
      procedure: 'team.invite',
      summary: 'Invite someone to the workspace',
      description:
        'Emails a single-use link, valid 7 days, and answers it too (`inviteUrl`), with whether the email went out (`emailSent`) and whether this server sends email at all (`mailConfigured`: without `SMTP_URL` the email only reaches the server log).',
      status: 201,
      refusals: { 409: 'this person is already a member' },
    },
    {
      method: 'GET',
      path: '/api/team/invitations',
      procedure: 'team.invitations',
      summary: 'List the pending invitations',
      description:
        'Invitations of the workspace not yet accepted nor void, newest first, expired ones included.',
    },
    {
      method: 'POST',
      path: '/api/team/invitations/{id}/resend',
      procedure: 'team.resendInvitation',
      summary: 'Resend an invitation with a new link',
      description:
        'A new link valid 7 days, answered too; the one sent before stops working. The invitation then comes from the caller. `sendEmail: false` makes the new link without emailing it (links are stored hashed, so an earlier one cannot be shown again).',
      refusals: {
        404: 'no pending invitation has this id in the workspace',
        409: 'the invitation was accepted or is void, or the person is already a member',
      },
    },
    {
      method: 'DELETE',
      path: '/api/team/invitations/{id}',
      procedure: 'team.cancelInvitation',
      summary: 'Cancel an invitation',
      description: 'Its link stops working at once.',
      refusals: {
        404: 'no pending invitation has this id in the workspace',
        409: 'the invitation was already accepted',
      },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}/role',
      procedure: 'team.changeRole',
      summary: "Change a member's role",
      description: 'Invitations the member sent to roles they may no longer invite become void.',
      refusals: { 403: MANAGE },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}/deactivate',
      procedure: 'team.toggleActive',
      summary: 'Deactivate a member, or reactivate them',
      description:
        'A toggle: `isActive` tells the result. A deactivated member is shut out at their next request.',
      refusals: { 403: MANAGE },
    },
    {
      method: 'DELETE',
      path: '/api/admin/users/{id}',
      procedure: 'team.remove',
      summary: 'Remove a member from the workspace',
      description: 'Their account stays, with their other workspaces.',
      refusals: { 403: MANAGE },
    },
    {
      method: 'GET',
      path: '/api/team/export',
      procedure: 'team.export',
      summary: 'Export the members as CSV',
      respond: asCsv('team.csv'),
    },
    {
      method: 'GET',
      path: '/api/invite/{token}',
      procedure: 'invitations.get',
      summary: 'Read an invitation',
      description: 'Whom it invites, where, as what, and whether the email already has an account.',
      refusals: {
        404: 'the link is invalid, expired or already used',
        410: 'the person who sent it can no longer invite members',
      },
    },
    {
      method: 'POST',
      path: '/api/invite/{token}/accept',
      procedure: 'invitations.accept',
      summary: 'Accept an invitation and sign in',
      description:
        "Creates the account with `password`, or, when the email already has one, checks that account's password; then joins the workspace and starts a session in it.",
      refusals: {
        401: 'the email has an account and this is not its password',
        404: 'the link is invalid, expired or already used',
        409: 'the link is invalid, expired or already used',
        410: 'the person who sent it can no longer invite members',
        429: 'too many wrong passwords for this account',
      },
    },
  ],
);
