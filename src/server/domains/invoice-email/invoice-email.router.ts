import { z } from 'zod';
import {
  EmailPreviewInputSchema,
  EmailPreviewSchema,
  EmailTemplatesSchema,
  EmailTemplatesUpdateSchema,
  InvoiceEmailSchema,
  ReminderScheduleSchema,
  ReminderScheduleUpdateSchema,
  SendInvoiceInputSchema,
  SendInvoiceResultSchema,
  UpcomingReminderSchema,
} from '../../../shared/invoice-email.schema.ts';
import { BILLING_MANAGERS, BUSINESS_MANAGERS } from '../../../shared/roles.ts';
import { requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowQuery } from '../../trpc/row-procedures.ts';
import * as service from './invoice-email.service.ts';

/** Those who issue invoices send them; those who run the business set the templates. */
const billingProcedure = requireRole(...BILLING_MANAGERS);
const businessProcedure = requireRole(...BUSINESS_MANAGERS);

export const invoiceEmailsRouter = router({
  send: billingProcedure
    .input(SendInvoiceInputSchema)
    .output(SendInvoiceResultSchema)
    .mutation(({ ctx, input }) => service.sendInvoice(ctx, input)),
  preview: billingProcedure
    .input(EmailPreviewInputSchema)
    .output(EmailPreviewSchema)
    .mutation(({ ctx, input }) => service.previewInvoiceEmail(ctx, input)),
  list: rowQuery(workspaceProcedure, z.array(InvoiceEmailSchema), service.listInvoiceEmails),
  reminders: rowQuery(
    workspaceProcedure,
    z.array(UpcomingReminderSchema),
    service.upcomingReminders,
  ),
  templates: workspaceProcedure
    .output(EmailTemplatesSchema)
    .query(({ ctx }) => service.getTemplates(ctx)),
  updateTemplates: businessProcedure
    .input(EmailTemplatesUpdateSchema)
    .output(EmailTemplatesSchema)
    .mutation(({ ctx, input }) => service.updateTemplates(ctx, input)),
  schedule: workspaceProcedure
    .output(ReminderScheduleSchema)
    .query(({ ctx }) => service.getSchedule(ctx)),
  updateSchedule: businessProcedure
    .input(ReminderScheduleUpdateSchema)
    .output(ReminderScheduleSchema)
    .mutation(({ ctx, input }) => service.updateSchedule(ctx, input)),
});
