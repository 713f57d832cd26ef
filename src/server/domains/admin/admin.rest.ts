import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const SELF = 'deactivating your own account';
const EMAIL_TAKEN = 'an account with this email already exists';

export const adminRestRoutes = defineRestRoutes(
  {
    name: 'Platform admin',
    description:
      'The platform console, for platform administrators only: every user, workspace, invitation and the activity log.',
  },
  [
    {
      method: 'GET',
      path: '/api/admin/dashboard',
      procedure: 'admin.dashboard',
      summary: 'Read the platform figures and health',
    },
    {
      method: 'GET',
      path: '/api/admin/jobs',
      procedure: 'admin.jobs',
      summary: 'Read the background job queues and the latest failed jobs',
    },
    {
      method: 'POST',
      path: '/api/admin/jobs/{id}/retry',
      procedure: 'admin.retryJob',
      summary: 'Run a failed background job again',
      description: 'Body: the queue the job belongs to (`{"queue": "invoice-email"}`).',
      refusals: { 404: 'no failed job of that queue has this id' },
    },
    {
      method: 'GET',
      path: '/api/admin/all-users',
      procedure: 'admin.users',
      summary: 'List every user',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/admin/all-users',
      procedure: 'admin.createUser',
      summary: 'Create a user with a temporary password',
      description: 'The answer holds the temporary password this once.',
      status: 201,
      refusals: { 409: EMAIL_TAKEN },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}',
      procedure: 'admin.updateUser',
      summary: "Update a user's name, email and status",
      description: "Deactivating ends the user's sessions and voids the invitations they sent.",
      refusals: { 403: SELF, 409: EMAIL_TAKEN },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}/status',
      procedure: 'admin.setUserStatus',
      summary: 'Activate or deactivate a user',
      description: "Deactivating ends the user's sessions and voids the invitations they sent.",
      refusals: { 403: SELF },
    },
    {
      method: 'DELETE',
      path: '/api/admin/users/{id}/two-factor',
      procedure: 'admin.resetTwoFactor',
      summary: "Reset a user's two-factor sign-in",
      description:
        'For a user who lost their authenticator app and recovery codes: deletes the secret and the recovery codes, so the password alone signs in until they set it up again. Succeeds when it was off too.',
      refusals: { 404: 'no user has this id' },
    },
    {
      method: 'PUT',
      path: '/api/admin/users/{id}/workspaces/{workspaceId}',
      procedure: 'admin.setMembership',
      summary: "Set a user's role in a workspace",
      description: 'Adds the user to the workspace when not yet a member.',
    },
    {
      method: 'GET',
      path: '/api/admin/all-workspaces',
      procedure: 'admin.workspaces',
      summary: 'List every workspace',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/admin/workspaces/{id}',
      procedure: 'admin.workspace',
      summary: 'Read a workspace',
    },
    {
      method: 'GET',
      path: '/api/admin/workspaces/{id}/users',
      procedure: 'admin.workspaceUsers',
      summary: "List a workspace's members",
    },
    {
      method: 'PUT',
      path: '/api/admin/workspaces/{id}/status',
      procedure: 'admin.setWorkspaceStatus',
      summary: 'Suspend or reactivate a workspace',
      description: 'A suspended workspace is closed to its members at their next request.',
    },
    {
      method: 'GET',
      path: '/api/admin/all-invitations',
      procedure: 'admin.invitations',
      summary: 'List every invitation',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/admin/invitations/{id}/resend',
      procedure: 'admin.resendInvitation',
      summary: 'Resend an invitation with a new link',
      description: 'The old link stops working; the new one is valid 7 days and answered too.',
      refusals: { 409: 'the invitation is used or void' },
    },
    {
      method: 'DELETE',
      path: '/api/admin/invitations/{id}',
      procedure: 'admin.cancelInvitation',
      summary: 'Cancel an invitation',
    },
    {
      method: 'GET',
      path: '/api/admin/activity-logs',
      procedure: 'admin.logs',
      summary: 'List the activity log',
      description: 'Newest first; filter by `action`, `userId` and `success`.',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/admin/activity-logs/export',
      procedure: 'admin.exportLogs',
      summary: 'Export the activity log as CSV',
      respond: asCsv('activity-logs.csv'),
    },
  ],
);
