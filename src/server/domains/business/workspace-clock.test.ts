import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  ApiClient,
  signUp,
  signUpWithWorkspaceAs,
  uniqueEmail,
  useSmtpSink,
  useTestApp,
} from '../../../../tests/support/test-app.ts';
import { formatDateTime, workspaceClock } from '../../../shared/datetime.ts';

/*
 * One clock for the client and for new members (issue 38, item 5): the workspace's time
 * zone, date and time format (Settings → Business) are what its PDFs, emails, generated line
 * texts and portal show, and where a new member's preferences start.
 */

const sink = useSmtpSink();
const t = useTestApp(() => ({ smtpUrl: sink.url, appUrl: 'https://keel.example' }));

/** A sole trader in Paris who reads DD/MM/YYYY and a 24-hour clock, owner of a new workspace. */
function parisOwner(name = 'Atelier Lyon') {
  const clock = { timezone: 'Europe/Paris', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' };
  return signUpWithWorkspaceAs(t.app, clock, name);
}

async function newClient(client: ApiClient, email = uniqueEmail('billing')) {
  const res = await client.post('/api/clients', { name: 'Jeanne Client', email });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { id: number }), email };
}

async function newInvoice(client: ApiClient, clientId: number, extra: object = {}) {
  const res = await client.post('/api/invoices', {
    clientId,
    currency: 'EUR',
    issueDate: '2026-11-28',
    dueDate: '2026-12-28',
    lines: [{ description: 'Design work', quantity: '10', unitPrice: '120.00', taxRate: '20' }],
    status: 'sent',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; invoiceNumber: string };
}

describe('the business settings’ date and time format', () => {
  it('start as the owner’s, round-trip, and refuse a format that is not offered', async () => {
    const paris = await parisOwner();
    expect((await paris.client.get('/api/settings/business')).json()).toMatchObject({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
    });

    const us = await signUp(t.app);
    await us.client.post('/api/workspaces', { name: 'Default Studio' });
    expect((await us.client.get('/api/settings/business')).json()).toMatchObject({
      timezone: 'America/New_York',
      dateFormat: 'MM/DD/YYYY',
      timeFormat: '12h',
    });

    const saved = await us.client.put('/api/settings/business', {
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ dateFormat: 'YYYY-MM-DD', timeFormat: '24h' });
    expect((await us.client.get('/api/settings/business')).json()).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      // Only the fields sent change.
      timezone: 'America/New_York',
    });

    const badDate = await us.client.put('/api/settings/business', { dateFormat: 'DD.MM.YYYY' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toBe('Date format must be MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD');
    const badTime = await us.client.put('/api/settings/business', { timeFormat: '13h' });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().error).toBe('Time format must be 12h or 24h');
    expect((await us.client.get('/api/settings/business')).json()).toMatchObject({
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
    });
  });
});

describe('a new member', () => {
  async function invite(owner: ApiClient, email = uniqueEmail('member')) {
    const res = await owner.post('/api/admin/invite', {
      email,
      fullName: 'Paul Teammate',
      role: 'collaborator',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, token: (res.json() as { inviteUrl: string }).inviteUrl.split('/invite/')[1]! };
  }

  it('whose account the invitation makes starts from the workspace’s zone and formats', async () => {
    const owner = await parisOwner();
    const { token } = await invite(owner.client);
    const member = new ApiClient(t.app);
    const accepted = await member.post(`/api/invite/${token}/accept`, { password: 'welcome1' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (await member.get('/api/auth/me')).json();
    expect(me.preferences).toMatchObject({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
    });
    expect((await member.get('/api/account/profile')).json()).toMatchObject({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
    });
  });

  it('with an account of their own keeps the clock they chose', async () => {
    const owner = await parisOwner();
    const tokyo = await signUp(t.app);
    await tokyo.client.put('/api/account/preferences', {
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '12h',
    });
    const { token } = await invite(owner.client, tokyo.email);
    const joined = await new ApiClient(t.app).post(`/api/invite/${token}/accept`, {
      password: tokyo.password,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await tokyo.client.get('/api/account/profile')).json()).toMatchObject({
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '12h',
    });

    // An account that never chose (the defaults, no workspace yet) takes the workspace's.
    const fresh = await signUp(t.app);
    const second = await invite(owner.client, fresh.email);
    await new ApiClient(t.app).post(`/api/invite/${second.token}/accept`, {
      password: fresh.password,
    });
    expect((await fresh.client.get('/api/account/profile')).json()).toMatchObject({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
    });
  });
});

describe('what the client reads', () => {
  it('the PDF and the email write dates in the workspace’s format', async () => {
    const owner = await parisOwner();
    const client = await newClient(owner.client);
    const invoice = await newInvoice(owner.client, client.id);

    const pdf = await pdfText(
      (await owner.client.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload,
    );
    expect(pdf).toContain('28/11/2026');
    expect(pdf).toContain('28/12/2026');
    expect(pdf).not.toContain('Nov');
    expect(pdf).not.toContain('Dec');

    const body = 'Pay {balance} by {dueDate}: {portalLink}';
    const preview = await owner.client.post(`/api/invoices/${invoice.id}/email-preview`, { body });
    expect(preview.json().body).toMatch(/^Pay €1,440\.00 by 28\/12\/2026: /);
    expect((await owner.client.post(`/api/invoices/${invoice.id}/send`, { body })).statusCode).toBe(
      202,
    );
    await t.app.services.jobs.idle();
    const mail = await sink.waitFor(client.email);
    expect(mail.text).toMatch(/^Pay €1,440\.00 by 28\/12\/2026: https:\/\/keel\.example\/portal\//);

    // The owner chooses ISO dates: the next PDF and email follow.
    await owner.client.put('/api/settings/business', { dateFormat: 'YYYY-MM-DD' });
    const iso = await pdfText(
      (await owner.client.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload,
    );
    expect(iso).toContain('2026-11-28');
    expect(iso).not.toContain('28/11/2026');
    const again = await owner.client.post(`/api/invoices/${invoice.id}/email-preview`, { body });
    expect(again.json().body).toMatch(/^Pay €1,440\.00 by 2026-12-28: /);
  });

  it('time billed as lines starts with the day in the workspace’s format', async () => {
    const owner = await parisOwner();
    // Time is billed in the workspace's currency.
    const euros = await owner.client.put('/api/settings/business', { currency: 'EUR' });
    expect(euros.statusCode, euros.body).toBe(200);
    const client = await newClient(owner.client);
    const project = await owner.client.post('/api/projects', {
      name: 'Website',
      clientId: client.id,
      budgetType: 'time',
      budgetLimit: 10,
      hourlyRate: 120,
    });
    expect(project.statusCode, project.body).toBe(201);
    const projectId = (project.json() as { id: number }).id;
    const entry = await owner.client.post('/api/time-entries', {
      projectId,
      hours: 1.5,
      date: '2026-11-27',
      description: 'Wireframes',
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const res = await owner.client.post('/api/invoices', {
      clientId: client.id,
      projectId,
      currency: 'EUR',
      timeEntryIds: [(entry.json() as { id: number }).id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await owner.client.get(`/api/invoices/${res.json().id}`)).json();
    expect(detail.lines[0].description).toBe('27/11/2026 · Wireframes');
  });

  it('the portal answers the workspace’s clock, and an acceptance reads in Paris time', async () => {
    const owner = await parisOwner();
    const client = await newClient(owner.client);
    const estimate = await owner.client.post('/api/estimates', {
      clientId: client.id,
      currency: 'EUR',
      status: 'sent',
      lines: [{ description: 'Design', quantity: '2', unitPrice: '150.00' }],
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const estimateId = (estimate.json() as { id: number }).id;
    const link = await owner.client.post(`/api/clients/${client.id}/portal-link`);
    const token = (link.json() as { url: string }).url.split('/portal/')[1]!;
    const visitor = new ApiClient(t.app);
    const accepted = await visitor.post(`/api/portal/${token}/estimates/${estimateId}/accept`, {
      name: 'Jeanne Client',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted at 17:17 UTC: 18:17 in Paris in November.
    await t.db
      .updateTable('documentAcceptances')
      .set({ createdAt: new Date('2026-11-28T17:17:00Z') })
      .where('documentType', '=', 'estimate')
      .where('documentId', '=', estimateId)
      .execute();

    const view = (await visitor.get(`/api/portal/${token}`)).json();
    expect(view.clock).toEqual({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
    });
    const decision = view.estimates.find((e: { id: number }) => e.id === estimateId).decision;
    expect(decision.decidedAt).toBe('2026-11-28T17:17:00.000Z');
    // What the page writes, with the clock the answer gives.
    expect(formatDateTime(decision.decidedAt, workspaceClock(view.clock))).toBe('28/11/2026 18:17');

    // Whoever is signed in does not change it: the clock is the workspace's.
    const ny = await signUp(t.app);
    expect((await ny.client.get(`/api/portal/${token}`)).json().clock).toEqual(view.clock);
  });
});
