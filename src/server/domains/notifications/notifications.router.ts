import {
  MarkReadInputSchema,
  MarkReadResultSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
  UnreadCountSchema,
} from '../../../shared/notifications.schema.ts';
import { router, workspaceProcedure } from '../../trpc/init.ts';
import * as notifications from './notifications.service.ts';

/** The caller's own notifications, in every role: nobody reads or marks another's. */
export const notificationsRouter = router({
  list: workspaceProcedure
    .input(NotificationListQuerySchema.prefault({}))
    .output(NotificationPageSchema)
    .query(({ ctx, input }) => notifications.listNotifications(ctx, input)),
  unreadCount: workspaceProcedure
    .output(UnreadCountSchema)
    .query(({ ctx }) => notifications.unreadCount(ctx)),
  read: workspaceProcedure
    .input(MarkReadInputSchema)
    .output(MarkReadResultSchema)
    .mutation(({ ctx, input }) => notifications.markRead(ctx, input)),
});
