import { asArrayWithTotals, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const notificationsRestRoutes = defineRestRoutes(
  {
    name: 'Notifications',
    description:
      'What happened that concerns you: assignments, accepted invitations, invoices viewed or paid, proposals and estimates answered, timesheets, recurring invoices, failed background work. Each member sees and marks only their own, of the current workspace, with the platform’s own for platform administrators.',
  },
  [
    {
      method: 'GET',
      path: '/api/notifications',
      procedure: 'notifications.list',
      summary: 'List your notifications',
      description:
        'Newest first. `filter`: all, mentions (about you: assigned to you, your timesheet) or updates; `unread=true` for the unread only. Your unread count, whatever the filter, travels in `X-Unread-Count`.',
      respond: asArrayWithTotals({
        'X-Unread-Count': {
          field: 'unread',
          description:
            'Your unread notifications of this workspace and the platform, whatever the filter.',
        },
      }),
    },
    {
      method: 'GET',
      path: '/api/notifications/unread-count',
      procedure: 'notifications.unreadCount',
      summary: 'Count your unread notifications',
      description: 'Cheap enough to poll: what the bell’s badge shows.',
    },
    {
      method: 'POST',
      path: '/api/notifications/read',
      procedure: 'notifications.read',
      summary: 'Mark notifications as read',
      description:
        '`{ids: [...]}` marks those of yours (ids of anyone else’s are ignored), `{all: true}` all of yours. Answers how many turned read and your unread count.',
    },
  ],
);
