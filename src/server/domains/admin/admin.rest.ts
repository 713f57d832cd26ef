import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const adminRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/admin/dashboard', procedure: 'admin.dashboard' },
  {
    method: 'GET',
    path: '/api/admin/all-users',
    procedure: 'admin.users',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/admin/all-users', procedure: 'admin.createUser', status: 201 },
  { method: 'PUT', path: '/api/admin/users/{id}', procedure: 'admin.updateUser' },
  { method: 'PUT', path: '/api/admin/users/{id}/status', procedure: 'admin.setUserStatus' },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}/workspaces/{workspaceId}',
    procedure: 'admin.setMembership',
  },
  {
    method: 'GET',
    path: '/api/admin/all-workspaces',
    procedure: 'admin.workspaces',
    respond: asArrayWithTotal,
  },
  { method: 'GET', path: '/api/admin/workspaces/{id}', procedure: 'admin.workspace' },
  { method: 'GET', path: '/api/admin/workspaces/{id}/users', procedure: 'admin.workspaceUsers' },
  {
    method: 'PUT',
    path: '/api/admin/workspaces/{id}/status',
    procedure: 'admin.setWorkspaceStatus',
  },
  {
    method: 'GET',
    path: '/api/admin/all-invitations',
    procedure: 'admin.invitations',
    respond: asArrayWithTotal,
  },
  {
    method: 'POST',
    path: '/api/admin/invitations/{id}/resend',
    procedure: 'admin.resendInvitation',
  },
  { method: 'DELETE', path: '/api/admin/invitations/{id}', procedure: 'admin.cancelInvitation' },
  {
    method: 'GET',
    path: '/api/admin/activity-logs',
    procedure: 'admin.logs',
    respond: asArrayWithTotal,
  },
  {
    method: 'GET',
    path: '/api/admin/activity-logs/export',
    procedure: 'admin.exportLogs',
    respond: asCsv('activity-logs.csv'),
  },
]);
