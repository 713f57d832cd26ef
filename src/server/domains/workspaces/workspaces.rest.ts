import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

const LOGO_QUOTA = 'the logo would take the workspace past its storage quota';

export const workspacesRestRoutes = defineRestRoutes(
  {
    name: 'Workspaces',
    description:
      "A user's workspaces: creating one, choosing the current one (sessions), its settings, and deleting it with a 30-day grace in which its owner may restore it.",
  },
  [
    {
      method: 'POST',
      path: '/api/workspaces',
      procedure: 'workspaces.create',
      summary: 'Create a workspace',
      description:
        'You become its owner, it gets the default pipeline stages, and it becomes the current workspace of this session.',
      status: 201,
      refusals: { 409: 'the slug is taken', 413: LOGO_QUOTA },
    },
    {
      method: 'GET',
      path: '/api/user/workspaces',
      procedure: 'workspaces.listMine',
      summary: 'List your workspaces',
      description: 'With your role in each; deleted ones (restorable by owners) included.',
    },
    {
      method: 'GET',
      path: '/api/workspaces/current',
      procedure: 'workspaces.current',
      summary: 'Read the current workspace',
      description: 'With your role in it.',
    },
    {
      method: 'GET',
      path: '/api/workspaces/current/usage',
      procedure: 'workspaces.usage',
      summary: 'Read what the current workspace holds',
      description:
        "Members (all, and active), contacts, organizations, projects and invoices counted from its rows, and the bytes of its stored files against the server's per-workspace quota (`UPLOAD_QUOTA_WORKSPACE_MB`). Any member.",
    },
    {
      method: 'GET',
      path: '/api/workspaces/current/settings',
      procedure: 'workspaces.settings',
      summary: "Read the current workspace's settings",
      description:
        'Its time zone, which decides "today", "this week" and "this month" for workspace figures. Any member.',
    },
    {
      method: 'PUT',
      path: '/api/workspaces/current/settings',
      procedure: 'workspaces.updateSettings',
      summary: "Update the current workspace's settings",
      description:
        'Owners, partners and administrators (as for the business profile, which holds the same time zone). An IANA name such as Europe/Paris.',
    },
    {
      method: 'POST',
      path: '/api/workspaces/{id}/switch',
      procedure: 'workspaces.switch',
      summary: 'Make a workspace current for this session',
      description: 'API tokens name their workspace in `X-Workspace-Id` instead (400 here).',
      refusals: {
        403: 'the workspace is suspended by the platform administrator',
        404: 'you are no active member of an undeleted workspace with this id',
      },
    },
    {
      method: 'PUT',
      path: '/api/workspaces/{id}',
      procedure: 'workspaces.update',
      summary: "Update the current workspace's name, description and logo",
      description: 'Owners and administrators; `id` must be the current workspace.',
      refusals: { 413: LOGO_QUOTA },
    },
    {
      method: 'DELETE',
      path: '/api/workspaces/{id}',
      procedure: 'workspaces.delete',
      summary: 'Delete the current workspace',
      description:
        'Owners only. It closes at once and is removed for good at `scheduledDeletionAt`, 30 days later; until then its owner may restore it.',
    },
    {
      method: 'POST',
      path: '/api/workspaces/{id}/reactivate',
      procedure: 'workspaces.reactivate',
      summary: 'Restore a deleted workspace',
      description: 'Its owners only, within the 30 days; it becomes current.',
      refusals: { 404: 'no deleted workspace you own has this id' },
    },
  ],
);
