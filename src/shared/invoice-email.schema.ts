import { addDays, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { ACTORS } from './activity.ts';
import { IdSchema } from './ids.ts';
import { singleLine } from './text.schema.ts';

/**
 * Documents by email (issue 21; estimates since issue 38): the workspace's templates, the
 * reminder schedule, the outbox of an invoice or an estimate, and the placeholders both the
 * server and the send dialog's live preview fill in the same way.
 */

export const EMAIL_PLACEHOLDERS = [
  { key: 'number', label: 'The invoice number' },
  { key: 'total', label: 'The invoice total, with its currency' },
  { key: 'balance', label: 'What is left to pay' },
  { key: 'dueDate', label: 'The due date' },
  { key: 'portalLink', label: "A link to the client's portal (a new one in every email)" },
  {
    key: 'payLink',
    label: 'A link that opens the invoice in the portal, to pay it online by card',
  },
  { key: 'clientName', label: 'The client (company, else name)' },
  { key: 'businessName', label: 'Your business name' },
] as const;
export type PlaceholderKey = (typeof EMAIL_PLACEHOLDERS)[number]['key'];
export type PlaceholderValues = Record<PlaceholderKey, string>;

/** An estimate's email says until when the offer holds; it has no due date or balance. */
export const ESTIMATE_PLACEHOLDERS = [
  { key: 'number', label: 'The estimate number' },
  { key: 'total', label: 'The estimate total, with its currency' },
  { key: 'validUntil', label: 'The date until which the estimate is valid' },
  { key: 'portalLink', label: "A link to the client's portal (a new one in every email)" },
  { key: 'clientName', label: 'The client (company, else name)' },
  { key: 'businessName', label: 'Your business name' },
] as const;
export type EstimatePlaceholderKey = (typeof ESTIMATE_PLACEHOLDERS)[number]['key'];
export type EstimatePlaceholderValues = Record<EstimatePlaceholderKey, string>;

/** A contract's email: what to sign, the link to sign it and the fingerprint it was locked with. */
export const CONTRACT_PLACEHOLDERS = [
  { key: 'title', label: 'The contract title' },
  { key: 'portalLink', label: "A link to the client's portal to read and sign it" },
  { key: 'fingerprint', label: 'The SHA-256 fingerprint of the contract as sent' },
  { key: 'message', label: 'The message written when sending (empty when none)' },
  { key: 'clientName', label: 'The client (company, else name)' },
  { key: 'businessName', label: 'Your business name' },
] as const;
export type ContractPlaceholderKey = (typeof CONTRACT_PLACEHOLDERS)[number]['key'];
/** A credit note's email names the invoice it credits; it asks for no payment. */
export const CREDIT_NOTE_PLACEHOLDERS = [
  { key: 'number', label: 'The credit note number' },
  { key: 'total', label: 'The amount credited, with its currency' },
  { key: 'invoiceNumber', label: 'The number of the invoice it credits' },
  { key: 'portalLink', label: "A link to the client's portal (a new one in every email)" },
  { key: 'clientName', label: 'The client (company, else name)' },
  { key: 'businessName', label: 'Your business name' },
] as const;
export type CreditNotePlaceholderKey = (typeof CREDIT_NOTE_PLACEHOLDERS)[number]['key'];
export type CreditNotePlaceholderValues = Record<CreditNotePlaceholderKey, string>;

/** The documents that are emailed, and each one's placeholders. */
export const EMAILED_DOCUMENTS = ['invoice', 'estimate', 'creditNote'] as const;
export type EmailedDocument = (typeof EMAILED_DOCUMENTS)[number];
export const PLACEHOLDERS_OF: Record<EmailedDocument, readonly { key: string; label: string }[]> = {
  invoice: EMAIL_PLACEHOLDERS,
  estimate: ESTIMATE_PLACEHOLDERS,
  creditNote: CREDIT_NOTE_PLACEHOLDERS,
};

/**
 * Fills `{number}`, `{total}`, … in a template. Unknown names stay as written, so a typo
 * shows in the preview instead of vanishing; a value missing from `values` stays too.
 */
export function renderTemplate(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return value ?? whole;
  });
}

export const DEFAULT_TEMPLATES = {
  invoiceSubject: 'Invoice {number} from {businessName}',
  invoiceBody: [
    'Hello {clientName},',
    '',
    'Please find attached invoice {number} for {total}, due on {dueDate}.',
    '',
    'You can view and download it at any time here:',
    '{portalLink}',
    '',
    'Thank you for your business,',
    '{businessName}',
  ].join('\n'),
  reminderSubject: 'Reminder: invoice {number} from {businessName}',
  reminderBody: [
    'Hello {clientName},',
    '',
    'A friendly reminder about invoice {number} for {total}, due on {dueDate}.',
    'The balance still open is {balance}.',
    '',
    'You can view the invoice and the payment instructions here:',
    '{portalLink}',
    '',
    'If you have already paid, thank you, and please disregard this email.',
    '{businessName}',
  ].join('\n'),
  estimateSubject: 'Estimate {number} from {businessName}',
  estimateBody: [
    'Hello {clientName},',
    '',
    'Please find attached estimate {number} for {total}, valid until {validUntil}.',
    '',
    'You can review it, and accept or decline it, here:',
    '{portalLink}',
    '',
    'Kind regards,',
    '{businessName}',
  ].join('\n'),
  contractSubject: '{businessName} sent you a contract to sign: {title}',
  contractBody: [
    'Hello {clientName},',
    '',
    '{message}',
    '',
    '{businessName} sent you the contract “{title}” to read and sign:',
    '{portalLink}',
    '',
    'Its SHA-256 fingerprint is {fingerprint}.',
  ].join('\n'),
  creditNoteSubject: 'Credit note {number} from {businessName}',
  creditNoteBody: [
    'Hello {clientName},',
    '',
    'Please find attached credit note {number} for {total}, which credits invoice {invoiceNumber}.',
    '',
    'You can view your invoices and credit notes here:',
    '{portalLink}',
    '',
    'Kind regards,',
    '{businessName}',
  ].join('\n'),
};

/**
 * A template filled in, without the empty paragraphs a placeholder that was empty (a
 * contract sent without a message) would leave.
 */
export function renderTemplateText(
  template: string,
  values: Partial<Record<string, string>>,
): string {
  return renderTemplate(template, values)
    .replace(/\n[ \t]*(\n[ \t]*)+\n/g, '\n\n')
    .trim();
}

const subjectField = (label: string) =>
  singleLine(label)
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`);
const bodyField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(10_000, `${label} must be at most 10,000 characters`);

export const EmailTemplatesSchema = z.object({
  invoiceSubject: z.string(),
  invoiceBody: z.string(),
  reminderSubject: z.string(),
  reminderBody: z.string(),
  estimateSubject: z.string(),
  estimateBody: z.string(),
  contractSubject: z.string(),
  contractBody: z.string(),
  creditNoteSubject: z.string(),
  creditNoteBody: z.string(),
});
export type EmailTemplates = z.infer<typeof EmailTemplatesSchema>;

export const EmailTemplatesUpdateSchema = z.object({
  invoiceSubject: subjectField('Invoice subject').optional(),
  invoiceBody: bodyField('Invoice message').optional(),
  reminderSubject: subjectField('Reminder subject').optional(),
  reminderBody: bodyField('Reminder message').optional(),
  estimateSubject: subjectField('Estimate subject').optional(),
  estimateBody: bodyField('Estimate message').optional(),
  contractSubject: subjectField('Contract subject').optional(),
  contractBody: bodyField('Contract message').optional(),
  creditNoteSubject: subjectField('Credit note subject').optional(),
  creditNoteBody: bodyField('Credit note message').optional(),
});
export type EmailTemplatesUpdate = z.infer<typeof EmailTemplatesUpdateSchema>;

/** Days relative to the due date: −3 is three days before, 0 the due date, 7 a week after. */
export const ReminderOffsetSchema = z
  .number({ error: 'A reminder is a whole number of days' })
  .int('A reminder is a whole number of days')
  .min(-60, 'A reminder is at most 60 days before the due date')
  .max(365, 'A reminder is at most 365 days after the due date');

export const ReminderScheduleSchema = z.object({
  enabled: z.boolean(),
  offsets: z.array(z.number()),
});
export type ReminderSchedule = z.infer<typeof ReminderScheduleSchema>;

export const ReminderScheduleUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  offsets: z
    .array(ReminderOffsetSchema)
    .max(10, 'At most 10 reminders')
    .transform((offsets) => [...new Set(offsets)].sort((a, b) => a - b))
    .optional(),
});
export type ReminderScheduleUpdate = z.infer<typeof ReminderScheduleUpdateSchema>;

/** 'before-3', 'due', 'after-7': the key that makes each scheduled reminder unique. */
export function reminderKey(offset: number): string {
  if (offset === 0) return 'due';
  return offset < 0 ? `before-${-offset}` : `after-${offset}`;
}

/** "3 days before the due date", "On the due date", "7 days after the due date". */
export function reminderLabel(offset: number): string {
  if (offset === 0) return 'On the due date';
  const days = Math.abs(offset);
  return `${days} ${days === 1 ? 'day' : 'days'} ${offset < 0 ? 'before' : 'after'} the due date`;
}

/** The date (yyyy-MM-dd) of a reminder `offset` days from the due date. */
export function reminderDate(dueDate: string, offset: number): string {
  return format(addDays(parseISO(dueDate), offset), 'yyyy-MM-dd');
}

export const INVOICE_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'logged', 'failed'] as const;

export const InvoiceEmailSchema = z.object({
  id: z.number(),
  /** The document it carries: an invoice (its email or a reminder) or an estimate. */
  invoiceId: z.number().nullable(),
  estimateId: z.number().nullable(),
  /** A credit note's email (kind `credit_note`). */
  creditNoteId: z.number().nullable(),
  kind: z.enum(['invoice', 'reminder', 'estimate', 'credit_note']),
  /** For a reminder: which one of the schedule ('before-3', 'due', 'after-7'). */
  reminderKey: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  /** The text as sent; `{portalLink}` becomes a fresh link when the email goes out. */
  body: z.string(),
  /**
   * queued: waiting for delivery; sending: a delivery is underway (or its server died
   * during it: it goes again, as the same email, once the job is retried); sent: handed to
   * the mail server; logged: written to the server log only (no SMTP_URL); failed: the last
   * attempt failed (`error` says why).
   */
  status: z.enum(INVOICE_EMAIL_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
  queuedAt: z.string(),
  sentAt: z.string().nullable(),
  /**
   * Who queued it: 'user' (`createdBy`, null once that account is deleted) or 'system',
   * Keel's background work (a payment reminder, a recurring invoice sent automatically).
   */
  actor: z.enum(ACTORS),
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type InvoiceEmail = z.infer<typeof InvoiceEmailSchema>;

export const SendInvoiceInputSchema = z.object({
  id: IdSchema,
  subject: subjectField('Subject').optional(),
  body: bodyField('Message').optional(),
});
export type SendInvoiceInput = z.infer<typeof SendInvoiceInputSchema>;

export const EmailPreviewSchema = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  /** The templates before filling in, for a form that edits them. */
  template: z.object({ subject: z.string(), body: z.string() }),
  /** What each placeholder becomes for this document (the portal link is a sample). */
  values: z.record(z.string(), z.string()),
  /** False when the server has no SMTP_URL: the email would only reach its log. */
  mailConfigured: z.boolean(),
});
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;

export const SendInvoiceResultSchema = z.object({
  email: InvoiceEmailSchema,
  /** Whether the email leaves the server; false when it is written to the server log. */
  mailConfigured: z.boolean(),
  /** When it does not: a live portal link of the client, to pass on by hand. */
  portalLink: z.string().nullable(),
  message: z.string(),
});
export type SendInvoiceResult = z.infer<typeof SendInvoiceResultSchema>;

/** Sending an estimate: the same input as an invoice's, the same delivery answer. */
export const SendDocumentInputSchema = SendInvoiceInputSchema;
export type SendDocumentInput = SendInvoiceInput;
export const EmailDeliverySchema = SendInvoiceResultSchema;
export type EmailDelivery = SendInvoiceResult;

export const EmailPreviewInputSchema = z.object({
  id: IdSchema,
  subject: z.string().max(10_000).optional(),
  body: z.string().max(20_000).optional(),
});

export const UpcomingReminderSchema = z.object({
  key: z.string(),
  offset: z.number(),
  /** yyyy-MM-dd, in the workspace's time zone. */
  date: z.string(),
  label: z.string(),
});
export type UpcomingReminder = z.infer<typeof UpcomingReminderSchema>;
