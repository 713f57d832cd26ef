import { addDays, format, parseISO } from 'date-fns';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../../tests/support/smtp-sink.ts';
import {
  useSmtpSink,
  useTwoWorkspaces,
  joinAs,
  uniqueEmail,
} from '../../../../tests/support/test-app.ts';
import { DEFAULT_TEMPLATES } from '../../../shared/invoice-email.schema.ts';
import { createMailer, sendLimitMs, SMTP_TIMEOUTS } from '../../plugins/mailer.ts';
import { resolvePortalToken } from '../portal/portal-links.service.ts';
import { insertEmail } from './invoice-email.repository.ts';
import {
  deliverInvoiceEmail,
  DELIVERY_SECONDS,
  NO_BILLING_EMAIL,
  runDueReminders,
} from './invoice-email.service.ts';

/* Issue 21, items 2 and 4: invoices by email, the outbox, templates and payment reminders. */

const sink = useSmtpSink();
const { t, owner, other } = useTwoWorkspaces('Freelance Studio', 'Other Studio', () => ({
  smtpUrl: sink.url,
  appUrl: 'https://keel.example',
}));

beforeAll(async () => {
  for (const account of [owner, other]) {
    const res = await account.client.put('/api/settings/business', { timezone: 'UTC' });
    expect(res.statusCode, res.body).toBe(200);
  }
});

const idle = () => t.app.services.jobs.idle();
const day = (base: string, n: number) => format(addDays(parseISO(base), n), 'yyyy-MM-dd');
const todayUtc = () => new Date().toISOString().slice(0, 10);

async function newClient(account = owner, email = uniqueEmail('billing')) {
  const res = await account.client.post('/api/clients', {
    name: 'Jane Buyer',
    company: 'Acme Corp',
    email,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: number }), email };
}

async function newInvoice(
  clientId: number,
  extra: { issueDate?: string; dueDate?: string; status?: 'sent' } = {},
  account = owner,
) {
  const res = await account.client.post('/api/invoices', {
    clientId,
    currency: 'USD',
    lines: [{ description: 'Design work', quantity: '10', unitPrice: '120.00', taxRate: '0' }],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; invoiceNumber: string | null };
}

const PORTAL_LINK = /https:\/\/keel\.example\/portal\/([1-9]\d*\.[A-Za-z0-9_-]{43})/;

describe('sending an invoice', () => {
  it('issues a draft and emails it with its PDF and a live portal link; the outbox shows it sent', async () => {
    await t.db
      .updateTable('workspaces')
      .set({ email: 'hello@studio.example' })
      .where('id', '=', owner.workspace.id)
      .execute();
    const client = await newClient();
    const draft = await newInvoice(client.id, { dueDate: '2030-01-31' });
    expect(draft.status).toBe('draft');

    const res = await owner.client.post(`/api/invoices/${draft.id}/send`, {});
    expect(res.statusCode, res.body).toBe(202);
    const result = res.json();
    expect(result).toMatchObject({ mailConfigured: true, portalLink: null });
    expect(result.email).toMatchObject({ kind: 'invoice', to: client.email, status: 'queued' });

    const invoice = (await owner.client.get(`/api/invoices/${draft.id}`)).json();
    expect(invoice.status).toBe('sent');
    expect(invoice.invoiceNumber).toMatch(/^INV-/);
    // Issued, not emailed yet: the app reads "Issued" until the mail server takes it.
    expect(invoice.emailedAt).toBeNull();

    await idle();
    const mail = await sink.waitFor(client.email);
    const emailed = (await owner.client.get(`/api/invoices/${draft.id}`)).json();
    expect(emailed).toMatchObject({ status: 'sent', emailedAt: expect.any(String) });
    expect(mail.subject).toBe(`Invoice ${invoice.invoiceNumber} from Freelance Studio`);
    expect(mail.replyTo).toBe('hello@studio.example');
    expect(mail.text).toContain('Hello Acme Corp,');
    expect(mail.text).toContain(
      `invoice ${invoice.invoiceNumber} for $1,200.00, due on Jan 31, 2030`,
    );
    const token = PORTAL_LINK.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    expect(await resolvePortalToken(t.db, token!)).toMatchObject({ clientId: client.id });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`invoice-${invoice.invoiceNumber}.pdf`);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');

    const outbox = (await owner.client.get(`/api/invoices/${draft.id}/emails`)).json();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: null,
      to: client.email,
      createdBy: { id: owner.user.id },
    });
    expect(outbox[0].sentAt).not.toBeNull();
    // The stored text keeps the placeholder: no live link sits in the database.
    expect(outbox[0].body).toContain('{portalLink}');

    // Sending again (an issued invoice) sends a second email with a link of its own.
    expect((await owner.client.post(`/api/invoices/${draft.id}/send`)).statusCode).toBe(202);
    await idle();
    const mails = sink.mails.filter((m) => m.to.includes(client.email));
    expect(mails).toHaveLength(2);
    // emailedAt is the first time it was emailed.
    expect((await owner.client.get(`/api/invoices/${draft.id}`)).json().emailedAt).toBe(
      emailed.emailedAt,
    );
    expect(PORTAL_LINK.exec(mails[1]!.text)?.[1]).not.toBe(token);
    expect((await resolvePortalToken(t.db, token!))?.clientId).toBe(client.id);
  });

  it('fills placeholders in per-send overrides and the workspace templates, and previews them', async () => {
    const client = await newClient();
    const invoice = await newInvoice(client.id, { dueDate: '2030-03-05', status: 'sent' });
    const preview = await owner.client.post(`/api/invoices/${invoice.id}/email-preview`, {
      subject: '{number} for {clientName}: {total}',
      body: 'Due {dueDate}, open {balance}. {portalLink} {unknown}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      to: client.email,
      subject: `${invoice.invoiceNumber} for Acme Corp: $1,200.00`,
      mailConfigured: true,
      template: { subject: DEFAULT_TEMPLATES.invoiceSubject },
    });
    expect(preview.json().body).toMatch(
      /^Due Mar 05, 2030, open \$1,200\.00\. https:\/\/keel\.example\/portal\/… \{unknown\}$/,
    );

    const templates = await owner.client.put('/api/settings/email-templates', {
      invoiceSubject: 'Your invoice {number} ({total})',
      invoiceBody: 'Dear {clientName}, pay {balance} by {dueDate}: {portalLink}\n{businessName}',
    });
    expect(templates.statusCode, templates.body).toBe(200);
    expect((await owner.client.get('/api/settings/email-templates')).json()).toMatchObject({
      invoiceSubject: 'Your invoice {number} ({total})',
      reminderSubject: DEFAULT_TEMPLATES.reminderSubject,
    });
    // The other workspace keeps the defaults.
    expect((await other.client.get('/api/settings/email-templates')).json()).toEqual(
      DEFAULT_TEMPLATES,
    );

    expect((await owner.client.post(`/api/invoices/${invoice.id}/send`)).statusCode).toBe(202);
    await idle();
    const mail = await sink.waitFor(client.email);
    expect(mail.subject).toBe(`Your invoice ${invoice.invoiceNumber} ($1,200.00)`);
    expect(mail.text).toMatch(
      /^Dear Acme Corp, pay \$1,200\.00 by Mar 05, 2030: https:\/\/keel\.example\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}\nFreelance Studio/,
    );

    const custom = await owner.client.post(`/api/invoices/${invoice.id}/send`, {
      subject: 'Hi {clientName}',
      body: 'Invoice {number} attached.',
    });
    expect(custom.statusCode).toBe(202);
    await idle();
    const second = await sink.waitFor(client.email, { match: /attached\./ });
    expect(second.subject).toBe('Hi Acme Corp');
    expect(second.text.trim()).toBe(`Invoice ${invoice.invoiceNumber} attached.`);

    await owner.client.put('/api/settings/email-templates', DEFAULT_TEMPLATES);
  });

  it('refuses a void invoice and a client without a billing email (409), and other workspaces (404)', async () => {
    const client = await newClient();
    const invoice = await newInvoice(client.id, { status: 'sent' });
    await t.db.updateTable('clients').set({ email: '' }).where('id', '=', client.id).execute();
    const noEmail = await owner.client.post(`/api/invoices/${invoice.id}/send`);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().error).toBe(NO_BILLING_EMAIL);

    const client2 = await newClient();
    const draft = await newInvoice(client2.id);
    await t.db.updateTable('clients').set({ email: ' ' }).where('id', '=', client2.id).execute();
    expect((await owner.client.post(`/api/invoices/${draft.id}/send`)).statusCode).toBe(409);
    // Refused before issuing: the draft stays a draft.
    expect((await owner.client.get(`/api/invoices/${draft.id}`)).json().status).toBe('draft');

    const client3 = await newClient();
    const voided = await newInvoice(client3.id, { status: 'sent' });
    await owner.client.post(`/api/invoices/${voided.id}/void`, { reason: 'Mistake' });
    const refused = await owner.client.post(`/api/invoices/${voided.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('A void invoice cannot be sent');

    const mine = await newInvoice(client3.id, { status: 'sent' });
    expect((await other.client.post(`/api/invoices/${mine.id}/send`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/invoices/${mine.id}/emails`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/invoices/${mine.id}/reminders`)).statusCode).toBe(404);
    expect((await other.client.post(`/api/invoices/${mine.id}/email-preview`, {})).statusCode).toBe(
      404,
    );
    expect(
      await t.db.selectFrom('invoiceEmails').selectAll().where('invoiceId', '=', mine.id).execute(),
    ).toHaveLength(0);
  });

  it('a collaborator reads the outbox but neither sends nor edits templates', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const client = await newClient();
    const invoice = await newInvoice(client.id, { status: 'sent' });
    expect((await member.client.post(`/api/invoices/${invoice.id}/send`)).statusCode).toBe(403);
    expect((await member.client.get(`/api/invoices/${invoice.id}/emails`)).statusCode).toBe(200);
    expect(
      (await member.client.put('/api/settings/email-templates', { invoiceSubject: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await member.client.put('/api/settings/reminders', { enabled: true })).statusCode).toBe(
      403,
    );
  });
});

/* Issue 38, item 2: estimates go out through the same outbox, templates and delivery. */

async function newEstimate(clientId: number, account = owner) {
  const res = await account.client.post('/api/estimates', {
    clientId,
    currency: 'EUR',
    validUntil: '2030-02-28',
    lines: [{ description: 'Design work', quantity: '10', unitPrice: '120.00', taxRate: '0' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; estimateNumber: string | null };
}

const outboxRows = (estimateId: number) =>
  t.db.selectFrom('invoiceEmails').selectAll().where('estimateId', '=', estimateId).execute();

describe('sending an estimate', () => {
  it('numbers a draft and emails it once, with its PDF and a live portal link', async () => {
    const client = await newClient();
    const draft = await newEstimate(client.id);

    const preview = await owner.client.post(`/api/estimates/${draft.id}/email-preview`, {});
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      to: client.email,
      template: { subject: DEFAULT_TEMPLATES.estimateSubject },
      values: { validUntil: 'Feb 28, 2030', clientName: 'Acme Corp' },
    });
    expect(preview.json().subject).toMatch(/^Estimate EST-\d{4} from Freelance Studio$/);

    const res = await owner.client.post(`/api/estimates/${draft.id}/send`, {});
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({ id: draft.id, status: 'sent', mailConfigured: true });
    expect(sent.portalLink).toBeNull();
    expect(sent.estimateNumber).toMatch(/^EST-\d{4}$/);
    // The preview showed the number the draft was about to get.
    expect(preview.json().subject).toBe(`Estimate ${sent.estimateNumber} from Freelance Studio`);
    expect(sent.message).toBe(`Estimate ${sent.estimateNumber} is on its way to ${client.email}`);
    expect(sent.email).toMatchObject({
      kind: 'estimate',
      estimateId: draft.id,
      invoiceId: null,
      to: client.email,
    });
    expect(await outboxRows(draft.id)).toHaveLength(1);

    await idle();
    const mail = await sink.waitFor(client.email);
    expect(mail.subject).toBe(`Estimate ${sent.estimateNumber} from Freelance Studio`);
    expect(mail.text).toContain('Hello Acme Corp,');
    expect(mail.text).toMatch(
      new RegExp(`estimate ${sent.estimateNumber} for €1,200\\.00, valid until Feb 28, 2030`),
    );
    const token = PORTAL_LINK.exec(mail.text)?.[1];
    expect(await resolvePortalToken(t.db, token!)).toMatchObject({ clientId: client.id });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`estimate-${sent.estimateNumber}.pdf`);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sink.mails.filter((m) => m.to.includes(client.email))).toHaveLength(1);

    const outbox = (await owner.client.get(`/api/estimates/${draft.id}/emails`)).json();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      kind: 'estimate',
      status: 'sent',
      attempts: 1,
      error: null,
      createdBy: { id: owner.user.id },
    });
  });

  it("uses the workspace's estimate template, kept apart from the invoice's", async () => {
    const saved = await owner.client.put('/api/settings/email-templates', {
      estimateSubject: 'Quote {number} until {validUntil}',
      estimateBody: 'Dear {clientName}, {total}: {portalLink}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      estimateSubject: 'Quote {number} until {validUntil}',
      invoiceSubject: DEFAULT_TEMPLATES.invoiceSubject,
    });
    try {
      const client = await newClient();
      const estimate = await newEstimate(client.id);
      const sent = (await owner.client.post(`/api/estimates/${estimate.id}/send`)).json();
      await idle();
      const mail = await sink.waitFor(client.email);
      expect(mail.subject).toBe(`Quote ${sent.estimateNumber} until Feb 28, 2030`);
      expect(mail.text).toMatch(/^Dear Acme Corp, €1,200\.00: https:\/\/keel\.example\/portal\//);
    } finally {
      await owner.client.put('/api/settings/email-templates', {
        estimateSubject: DEFAULT_TEMPLATES.estimateSubject,
        estimateBody: DEFAULT_TEMPLATES.estimateBody,
      });
    }
  });

  it('refuses a client without a billing email (the draft keeps no number), and is 404 in other workspaces', async () => {
    const noEmail = await newClient();
    await t.db.updateTable('clients').set({ email: '' }).where('id', '=', noEmail.id).execute();
    const draft = await newEstimate(noEmail.id);
    const refused = await owner.client.post(`/api/estimates/${draft.id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NO_BILLING_EMAIL);
    expect((await owner.client.get(`/api/estimates/${draft.id}`)).json()).toMatchObject({
      status: 'draft',
      estimateNumber: null,
    });

    const client = await newClient();
    const estimate = await newEstimate(client.id);
    for (const [method, path] of [
      ['post', `/api/estimates/${estimate.id}/send`],
      ['post', `/api/estimates/${estimate.id}/email-preview`],
      ['get', `/api/estimates/${estimate.id}/emails`],
    ] as const) {
      const res = await other.client[method](path);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await outboxRows(estimate.id)).toHaveLength(0);
    expect((await owner.client.get(`/api/estimates/${estimate.id}`)).json().status).toBe('draft');
  });
});

describe('delivery failures and a server without SMTP_URL', () => {
  it('records a refused delivery as failed with its error, retries, and never sends a sent email twice', async () => {
    const services = t.app.services;
    const working = services.mailer;
    services.mailer = createMailer('smtp://127.0.0.1:1', t.app.log);
    try {
      const client = await newClient();
      const invoice = await newInvoice(client.id, { status: 'sent' });
      const res = await owner.client.post(`/api/invoices/${invoice.id}/send`);
      expect(res.statusCode).toBe(202);
      await idle();
      const [failed] = (await owner.client.get(`/api/invoices/${invoice.id}/emails`)).json();
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
      expect(failed.error).toMatch(/ECONNREFUSED|connect/i);

      // The queue's next attempts (called here directly): each fails and is recorded.
      await expect(deliverInvoiceEmail(services, owner.workspace.id, failed.id)).rejects.toThrow();
      await expect(deliverInvoiceEmail(services, owner.workspace.id, failed.id)).rejects.toThrow();
      const [still] = (await owner.client.get(`/api/invoices/${invoice.id}/emails`)).json();
      expect(still).toMatchObject({ status: 'failed', attempts: 3 });
      expect(still.error).toMatch(/ECONNREFUSED|connect/i);
      const issued = () => owner.client.get(`/api/invoices/${invoice.id}`).then((r) => r.json());
      expect((await issued()).emailedAt).toBeNull();

      // The mail server is back: the next attempt goes through, and a late duplicate does not.
      services.mailer = working;
      await deliverInvoiceEmail(services, owner.workspace.id, failed.id);
      await deliverInvoiceEmail(services, owner.workspace.id, failed.id);
      await idle();
      const [sent] = (await owner.client.get(`/api/invoices/${invoice.id}/emails`)).json();
      expect(sent).toMatchObject({ status: 'sent', attempts: 4, error: null });
      expect(sink.mails.filter((m) => m.to.includes(client.email))).toHaveLength(1);
      expect((await issued()).emailedAt).toBe(sent.sentAt);
    } finally {
      services.mailer = working;
    }
  });

  it('without SMTP_URL writes the email to the log, says so, and answers a portal link to pass on', async () => {
    const services = t.app.services;
    const working = services.mailer;
    const logged: { obj: { mail?: { attachments?: string[]; links?: string[] } }; msg: string }[] =
      [];
    const log = {
      info: (obj: never, msg: string) => logged.push({ obj, msg }),
    } as unknown as FastifyBaseLogger;
    services.mailer = createMailer(undefined, log);
    try {
      const client = await newClient();
      const invoice = await newInvoice(client.id, { status: 'sent' });
      const res = await owner.client.post(`/api/invoices/${invoice.id}/send`);
      expect(res.statusCode).toBe(202);
      const result = res.json();
      expect(result.mailConfigured).toBe(false);
      expect(result.message).toMatch(/^Email is not configured on this server/);
      const token = PORTAL_LINK.exec(result.portalLink)?.[1];
      expect(await resolvePortalToken(t.db, token!)).toMatchObject({ clientId: client.id });

      const preview = await owner.client.post(`/api/invoices/${invoice.id}/email-preview`, {});
      expect(preview.json().mailConfigured).toBe(false);

      await idle();
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toMatch(/^Email not sent \(no SMTP_URL is set\)/);
      expect(logged[0]!.msg).toContain(`To:      ${client.email}`);
      expect(logged[0]!.msg).toMatch(/Attached: invoice-INV-\d+\.pdf \(\d+ KB\)/);
      expect(logged[0]!.obj.mail?.attachments).toEqual([expect.stringMatching(/\.pdf$/)]);
      expect(logged[0]!.obj.mail?.links?.[0]).toMatch(PORTAL_LINK);
      const [row] = (await owner.client.get(`/api/invoices/${invoice.id}/emails`)).json();
      expect(row).toMatchObject({ status: 'logged', error: null });
      expect(sink.mails.filter((m) => m.to.includes(client.email))).toHaveLength(0);
      // Written to the log is not emailed: the invoice still reads "Issued".
      expect((await owner.client.get(`/api/invoices/${invoice.id}`)).json()).toMatchObject({
        status: 'sent',
        emailedAt: null,
      });
    } finally {
      services.mailer = working;
    }
  });

  it('without SMTP_URL an estimate is numbered, logged, and the answer gives the portal link', async () => {
    const services = t.app.services;
    const working = services.mailer;
    const logged: string[] = [];
    const log = {
      info: (_obj: never, msg: string) => logged.push(msg),
    } as unknown as FastifyBaseLogger;
    services.mailer = createMailer(undefined, log);
    try {
      const client = await newClient();
      const estimate = await newEstimate(client.id);
      const res = await owner.client.post(`/api/estimates/${estimate.id}/send`);
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json();
      expect(result).toMatchObject({ status: 'sent', mailConfigured: false });
      expect(result.message).toMatch(/^Email is not configured on this server/);
      const token = PORTAL_LINK.exec(result.portalLink)?.[1];
      expect(await resolvePortalToken(t.db, token!)).toMatchObject({ clientId: client.id });

      await idle();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain(`To:      ${client.email}`);
      expect(logged[0]).toMatch(/Attached: estimate-EST-\d+\.pdf \(\d+ KB\)/);
      const outbox = (await owner.client.get(`/api/estimates/${estimate.id}/emails`)).json();
      expect(outbox).toMatchObject([{ kind: 'estimate', status: 'logged', error: null }]);
      expect(sink.mails.filter((m) => m.to.includes(client.email))).toHaveLength(0);
    } finally {
      services.mailer = working;
    }
  });
});

describe('claiming an email before it is sent (issue 37, item 4)', () => {
  /** An outbox row of a sent invoice, written as POST /send does, without its job. */
  async function outboxRow() {
    const client = await newClient();
    const invoice = await newInvoice(client.id, { status: 'sent' });
    const id = (await insertEmail(t.db, owner.workspace.id, {
      invoiceId: invoice.id,
      kind: 'invoice',
      reminderKey: null,
      to: client.email,
      subject: 'Invoice {number}',
      body: 'Pay here: {portalLink}',
      createdBy: owner.user.id,
      actor: 'user',
    }))!;
    return { id, email: client.email };
  }
  const stored = (id: number) =>
    t.db
      .selectFrom('invoiceEmails')
      .select(['status', 'attempts', 'messageId'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const mailsTo = (email: string) => sink.mails.filter((m) => m.to.includes(email));

  it('sends again with the same Message-ID when the server died after the mail server took it', async () => {
    const services = t.app.services;
    const { id, email } = await outboxRow();
    // The server "dies" between the mail server's acceptance and the row's update: the
    // update to sent fails, as it would never have run.
    await sql`create function keel_test_die() returns trigger language plpgsql as $$
      begin raise exception 'the server died'; end $$`.execute(t.db);
    await sql`create trigger keel_test_die before update on invoice_emails for each row
      when (new.status = 'sent' and new.id = ${sql.lit(id)}) execute function keel_test_die()`.execute(
      t.db,
    );
    try {
      await expect(deliverInvoiceEmail(services, owner.workspace.id, id)).rejects.toThrow(
        /the server died/,
      );
    } finally {
      await sql`drop trigger keel_test_die on invoice_emails`.execute(t.db);
      await sql`drop function keel_test_die()`.execute(t.db);
    }
    const [first] = mailsTo(email);
    expect(mailsTo(email)).toHaveLength(1);
    const claimed = await stored(id);
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });
    expect(first!.messageId).toBe(claimed.messageId);
    expect(claimed.messageId).toMatch(/^<[0-9a-f-]{36}@keel\.example>$/);

    // Its job is retried only once it expired; before that the claim holds (a delivery
    // may still be underway), and nothing is sent.
    await expect(deliverInvoiceEmail(services, owner.workspace.id, id)).rejects.toThrow(
      /being sent/,
    );
    expect(mailsTo(email)).toHaveLength(1);

    // The job expired (DELIVERY_SECONDS after its start): its retry sends the same email.
    await t.db
      .updateTable('invoiceEmails')
      .set({ claimedAt: sql<Date>`now() - make_interval(secs => ${DELIVERY_SECONDS + 1})` })
      .where('id', '=', id)
      .execute();
    await deliverInvoiceEmail(services, owner.workspace.id, id);
    const copies = mailsTo(email);
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(first!.messageId);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // A completed send is never sent again.
    await deliverInvoiceEmail(services, owner.workspace.id, id);
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('sends an email once when two deliveries run at once, and never again after', async () => {
    const services = t.app.services;
    const { id, email } = await outboxRow();
    const runs = await Promise.allSettled([
      deliverInvoiceEmail(services, owner.workspace.id, id),
      deliverInvoiceEmail(services, owner.workspace.id, id),
      deliverInvoiceEmail(services, owner.workspace.id, id),
    ]);
    expect(runs.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const run of runs) {
      if (run.status === 'rejected') expect(String(run.reason)).toMatch(/being sent/);
    }
    expect(mailsTo(email)).toHaveLength(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1 });
    await deliverInvoiceEmail(services, owner.workspace.id, id);
    await deliverInvoiceEmail(services, owner.workspace.id, id);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('aborts a send that a slow mail server drags past the limit its timeouts give', async () => {
    // Each answer comes within the socket timeout (of silence), but five of them take
    // longer than the send's limit (connection + greeting + socket timeouts: 1.5 s here).
    const slow = await startSmtpSink({ replyDelayMs: 400 });
    try {
      const timeouts = { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 };
      const mailer = createMailer(slow.url, t.app.log, undefined, timeouts);
      await expect(
        mailer.send({ to: 'slow@example.com', subject: 'Slow', text: 'Slow server' }),
      ).rejects.toThrow();
    } finally {
      await slow.close();
    }
  });

  it('lets a delivery job expire only after the longest a send may last', async () => {
    const { rows } = await sql<{ expireSeconds: number }>`
      select expire_seconds from pgboss.queue where name = 'invoice-email'`.execute(t.db);
    expect(rows[0]!.expireSeconds).toBe(DELIVERY_SECONDS);
    expect(DELIVERY_SECONDS * 1000).toBeGreaterThan(sendLimitMs(SMTP_TIMEOUTS));
  });
});

describe('payment reminders', () => {
  it('reads and validates the schedule', async () => {
    expect((await owner.client.get('/api/settings/reminders')).json()).toEqual({
      enabled: false,
      offsets: [-3, 0, 7, 14],
    });
    const bad = await owner.client.put('/api/settings/reminders', { offsets: [1.5] });
    expect(bad.statusCode).toBe(400);
    const res = await owner.client.put('/api/settings/reminders', { offsets: [7, -3, 7, 0] });
    expect(res.json()).toEqual({ enabled: false, offsets: [-3, 0, 7] });
    await owner.client.put('/api/settings/reminders', { offsets: [-3, 0, 7, 14] });
  });

  // Ninety days of runs and their emails: 57 s alone, over 120 s on a loaded CI machine.
  it('over 90 days sends exactly the scheduled reminders, none after payment or voiding, none in other workspaces', async () => {
    const { services } = t.app;
    const base = todayUtc();
    await owner.client.put('/api/settings/email-templates', {
      reminderSubject: 'Reminder: {number} ({balance}) due {dueDate}',
    });
    const enabled = await owner.client.put('/api/settings/reminders', {
      enabled: true,
      offsets: [-3, 0, 7, 14],
    });
    expect(enabled.json()).toEqual({ enabled: true, offsets: [-3, 0, 7, 14] });

    // A: unpaid all along. B: paid on day 12. C: voided on day 5. D: due long before the
    // schedule was turned on. E: issued a day before its due date. F: a draft.
    const a = await newClient();
    const b = await newClient();
    const c = await newClient();
    const d = await newClient();
    const e = await newClient();
    const f = await newClient();
    const invA = await newInvoice(a.id, {
      issueDate: base,
      dueDate: day(base, 20),
      status: 'sent',
    });
    const invB = await newInvoice(b.id, {
      issueDate: base,
      dueDate: day(base, 10),
      status: 'sent',
    });
    const invC = await newInvoice(c.id, {
      issueDate: base,
      dueDate: day(base, 15),
      status: 'sent',
    });
    await newInvoice(d.id, { issueDate: day(base, -60), dueDate: day(base, -30), status: 'sent' });
    const invE = await newInvoice(e.id, {
      issueDate: day(base, 30),
      dueDate: day(base, 31),
      status: 'sent',
    });
    await newInvoice(f.id, { issueDate: base, dueDate: day(base, 5) });
    // The other workspace has an unpaid invoice too, and its reminders are off.
    const o = await newClient(other);
    await newInvoice(o.id, { issueDate: base, dueDate: day(base, 3), status: 'sent' }, other);

    const upcoming = (await owner.client.get(`/api/invoices/${invA.id}/reminders`)).json();
    expect(upcoming.map((r: { date: string }) => r.date)).toEqual([
      day(base, 17),
      day(base, 20),
      day(base, 27),
      day(base, 34),
    ]);
    expect(upcoming[0]).toMatchObject({ key: 'before-3', label: '3 days before the due date' });

    const start = Date.parse(`${base}T12:00:00Z`);
    const sentOn = new Map<string, string[]>();
    for (let i = 0; i <= 90; i += 1) {
      if (i === 5)
        await owner.client.post(`/api/invoices/${invC.id}/void`, { reason: 'Cancelled' });
      if (i === 12) {
        const paid = await owner.client.put(`/api/invoices/${invB.id}`, { status: 'paid' });
        expect(paid.json().status).toBe('paid');
      }
      const now = new Date(start + i * 86_400_000);
      const before = sink.mails.length;
      const queued = await runDueReminders(services, now);
      // A second run the same day (another server, the next hour) queues nothing more.
      expect(await runDueReminders(services, new Date(now.getTime() + 3_600_000))).toBe(0);
      if (queued > 0) await idle();
      for (const mail of sink.mails.slice(before)) {
        const who = mail.to[0]!;
        sentOn.set(who, [...(sentOn.get(who) ?? []), day(base, i)]);
      }
      expect(sink.mails.length - before).toBe(queued);
    }

    expect(sentOn.get(a.email)).toEqual([
      day(base, 17),
      day(base, 20),
      day(base, 27),
      day(base, 34),
    ]);
    expect(sentOn.get(b.email)).toEqual([day(base, 7), day(base, 10)]);
    expect(sentOn.get(c.email)).toBeUndefined();
    expect(sentOn.get(d.email)).toBeUndefined();
    expect(sentOn.get(e.email)).toEqual([day(base, 31), day(base, 38), day(base, 45)]);
    expect(sentOn.get(f.email)).toBeUndefined();
    expect(sentOn.get(o.email)).toBeUndefined();

    const reminder = sink.mails.find((m) => m.to.includes(a.email))!;
    const numberA = (await owner.client.get(`/api/invoices/${invA.id}`)).json().invoiceNumber;
    expect(reminder.subject).toBe(
      `Reminder: ${numberA} ($1,200.00) due ${format(parseISO(day(base, 20)), 'MMM dd, yyyy')}`,
    );
    expect(reminder.text).toMatch(PORTAL_LINK);
    expect(reminder.attachments[0]!.filename).toBe(`invoice-${numberA}.pdf`);

    const outbox = (await owner.client.get(`/api/invoices/${invA.id}/emails`)).json();
    expect(outbox.map((m: { reminderKey: string }) => m.reminderKey)).toEqual([
      'after-14',
      'after-7',
      'due',
      'before-3',
    ]);
    expect(outbox.every((m: { status: string }) => m.status === 'sent')).toBe(true);
    expect((await owner.client.get(`/api/invoices/${invB.id}/reminders`)).json()).toEqual([]);
    expect((await owner.client.get(`/api/invoices/${invE.id}/emails`)).json()).toHaveLength(3);

    await owner.client.put('/api/settings/reminders', { enabled: false });
    expect((await owner.client.get(`/api/invoices/${invA.id}/reminders`)).json()).toEqual([]);
  }, 240_000);

  it("sends a day's reminder from 9:00 in the workspace's time zone", async () => {
    const { services } = t.app;
    const base = todayUtc();
    await owner.client.put('/api/settings/business', { timezone: 'Asia/Tokyo' });
    await owner.client.put('/api/settings/reminders', { enabled: true, offsets: [0] });
    const client = await newClient();
    const invoice = await newInvoice(client.id, {
      issueDate: base,
      dueDate: day(base, 2),
      status: 'sent',
    });
    const rows = () =>
      t.db
        .selectFrom('invoiceEmails')
        .select('reminderKey')
        .where('invoiceId', '=', invoice.id)
        .execute();
    // 08:30 in Tokyo on the due date (23:30 UTC the day before): not yet.
    await runDueReminders(services, new Date(`${day(base, 1)}T23:30:00Z`));
    expect(await rows()).toEqual([]);
    // 09:30 in Tokyo: it goes.
    await runDueReminders(services, new Date(`${day(base, 2)}T00:30:00Z`));
    expect(await rows()).toEqual([{ reminderKey: 'due' }]);
    await idle();
    await owner.client.put('/api/settings/reminders', { enabled: false, offsets: [-3, 0, 7, 14] });
    await owner.client.put('/api/settings/business', { timezone: 'UTC' });
  });

  it('after downtime sends only the latest due reminder, not every missed one', async () => {
    const { services } = t.app;
    const base = todayUtc();
    await owner.client.put('/api/settings/reminders', { enabled: true, offsets: [-3, 0, 7, 14] });
    const client = await newClient();
    await newInvoice(client.id, { issueDate: base, dueDate: day(base, 10), status: 'sent' });
    // Nothing ran for 20 days: on day 20, only the 7-days-after reminder goes.
    const now = new Date(Date.parse(`${base}T12:00:00Z`) + 20 * 86_400_000);
    expect(await runDueReminders(services, now)).toBeGreaterThanOrEqual(1);
    await idle();
    const mails = sink.mails.filter((m) => m.to.includes(client.email));
    expect(mails).toHaveLength(1);
    const rows = await t.db
      .selectFrom('invoiceEmails as e')
      .innerJoin('invoices as i', 'i.id', 'e.invoiceId')
      .where('i.clientId', '=', client.id)
      .select('e.reminderKey')
      .execute();
    expect(rows).toEqual([{ reminderKey: 'after-7' }]);
    await owner.client.put('/api/settings/reminders', { enabled: false });
  });
});
