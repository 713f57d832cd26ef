import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import {
  ApiClient,
  useTwoWorkspaces,
  createTestApp,
  joinAs,
  signUpWithWorkspace,
  snapshot,
} from '../../../../tests/support/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createEmailedPortalLink } from './portal-links.service.ts';

/* The client portal (issue 21, item 3): secret links, what a token opens and nothing more. */

const { t, owner, other } = useTwoWorkspaces('Portal Studio', 'Elsewhere Studio');
/** Nobody signed in: the client opening its link. */
let visitor: ApiClient;

beforeAll(async () => {
  visitor = new ApiClient(t.app);
});

async function newClient(client: ApiClient, name: string) {
  const res = await client.post('/api/clients', { name, email: 'ap@example.com' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function newInvoice(
  client: ApiClient,
  clientId: number,
  fields: { amount?: string; currency?: string; status?: 'draft' | 'sent' } = {},
) {
  const res = await client.post('/api/invoices', {
    clientId,
    amount: fields.amount ?? '100.00',
    currency: fields.currency ?? 'USD',
    status: fields.status ?? 'sent',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; invoiceNumber: string | null; status: string };
}

async function newLink(client: ApiClient, clientId: number) {
  const res = await client.post(`/api/clients/${clientId}/portal-link`);
  expect(res.statusCode, res.body).toBe(201);
  const { url } = res.json() as { url: string };
  return { url, token: url.split('/portal/')[1]! };
}

describe('links', () => {
  it('answers a link once, keeps only its SHA-256, and shows the link state', async () => {
    const c = await newClient(owner.client, 'Hash Co');
    const before = await owner.client.get(`/api/clients/${c.id}/portal-link`);
    expect(before.json()).toEqual({ live: false, liveLinks: 0, createdAt: null, lastUsedAt: null });

    const { url, token } = await newLink(owner.client, c.id);
    expect(url).toMatch(/^https?:\/\/[^/]+\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    // The workspace's id (the lookup names its workspace), then 256 bits.
    const [workspacePart, secret] = token.split('.');
    expect(workspacePart).toBe(String(owner.workspace.id));
    expect(Buffer.from(secret!, 'base64url')).toHaveLength(32);

    const rows = await t.db
      .selectFrom('clientPortalLinks')
      .select(['tokenHash'])
      .where('clientId', '=', c.id)
      .execute();
    expect(rows).toEqual([{ tokenHash: createHash('sha256').update(token).digest('hex') }]);
    // The raw token is nowhere in the database.
    const { rows: found } = await sql<{ n: number }>`
      select count(*)::int as n from client_portal_links t where t::text like ${`%${token}%`}`.execute(
      t.db,
    );
    expect(found[0]!.n).toBe(0);

    const state = (await owner.client.get(`/api/clients/${c.id}/portal-link`)).json();
    expect(state).toMatchObject({ live: true, liveLinks: 1, lastUsedAt: null });
    expect(state.createdAt).toEqual(expect.any(String));

    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
    const used = (await owner.client.get(`/api/clients/${c.id}/portal-link`)).json();
    expect(used.lastUsedAt).toEqual(expect.any(String));

    const listed = (await owner.client.get('/api/portal-links?search=Hash')).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: c.id,
        name: 'Hash Co',
        portal: expect.objectContaining({ live: true }),
      }),
    ]);
  });

  it('a link made before tokens named their workspace still opens; a token naming another workspace does not', async () => {
    const c = await newClient(owner.client, 'Legacy Co');
    const legacy = randomBytes(32).toString('base64url');
    await t.db
      .insertInto('clientPortalLinks')
      .values({
        workspaceId: owner.workspace.id,
        clientId: c.id,
        tokenHash: createHash('sha256').update(legacy).digest('hex'),
      })
      .execute();
    const opened = await visitor.get(`/api/portal/${legacy}`);
    expect(opened.statusCode).toBe(200);

    const { token } = await newLink(owner.client, c.id);
    const secret = token.split('.')[1]!;
    expect((await visitor.get(`/api/portal/${other.workspace.id}.${secret}`)).statusCode).toBe(404);
    // Nor does the secret alone: the hash covers the workspace's id.
    expect((await visitor.get(`/api/portal/${secret}`)).statusCode).toBe(404);
  });

  it('a new link ends every older one; revoking ends them all; both answer 404 like a wrong token', async () => {
    const c = await newClient(owner.client, 'Rotate Co');
    const first = await newLink(owner.client, c.id);
    expect((await visitor.get(`/api/portal/${first.token}`)).statusCode).toBe(200);
    const second = await newLink(owner.client, c.id);
    const old = await visitor.get(`/api/portal/${first.token}`);
    expect(old.statusCode).toBe(404);
    expect((await visitor.get(`/api/portal/${second.token}`)).statusCode).toBe(200);

    const wrong = await visitor.get(`/api/portal/${'x'.repeat(43)}`);
    const garbage = await visitor.get('/api/portal/nope');
    expect(wrong.statusCode).toBe(404);
    expect(garbage.statusCode).toBe(404);
    expect(old.json()).toEqual(wrong.json());
    expect(garbage.json()).toEqual(wrong.json());

    expect((await owner.client.delete(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(200);
    const revoked = await visitor.get(`/api/portal/${second.token}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(wrong.json());
    expect((await owner.client.get(`/api/clients/${c.id}/portal-link`)).json().live).toBe(false);
  });

  it('only those who issue invoices make or revoke links; another workspace gets 404', async () => {
    const c = await newClient(owner.client, 'Roles Co');
    const mate = await joinAs(t, owner.workspace.id, 'collaborator');
    const before = await snapshot(t.db);
    expect((await mate.client.post(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(403);
    expect((await mate.client.delete(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(403);
    expect((await other.client.post(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(404);
    expect((await other.client.get(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    // Anyone in the workspace may see whether a link is live.
    expect((await mate.client.get(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(200);
    expect((await visitor.post(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(401);
  });
});

const DAY = 86_400_000;
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Emails the invoice (no SMTP here: the answer carries the emailed link to pass on). */
async function emailedLink(invoiceId: number) {
  const res = await owner.client.post(`/api/invoices/${invoiceId}/send`, {});
  expect(res.statusCode, res.body).toBe(202);
  const { portalLink } = res.json() as { portalLink: string };
  // The delivery job mints a link of its own for the logged email: let it finish first.
  await t.app.services.jobs.idle();
  return { url: portalLink, token: portalLink.split('/portal/')[1]! };
}

function linkRow(token: string) {
  return t.db
    .selectFrom('clientPortalLinks')
    .select(['createdAt', 'expiresAt'])
    .where('tokenHash', '=', sha256(token))
    .executeTakeFirstOrThrow();
}

/** Moves the clock past the expiry of the client's emailed links. */
async function expireEmailedLinks(clientId: number) {
  await t.db
    .updateTable('clientPortalLinks')
    .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
    .where('clientId', '=', clientId)
    .where('expiresAt', 'is not', null)
    .execute();
}

describe('link expiry', () => {
  const EXPIRED = 'This link has expired. Ask Portal Studio for a new one.';

  it('an emailed link works for 90 days, then answers 410 saying whom to ask (REST and tRPC); unknown and revoked links stay 404', async () => {
    const c = await newClient(owner.client, 'Emailed Co');
    const invoice = await newInvoice(owner.client, c.id);
    const { token } = await emailedLink(invoice.id);
    const row = await linkRow(token);
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(90 * DAY);

    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
    expect((await visitor.trpc('portal.view', 'query', { token })).statusCode).toBe(200);
    expect((await owner.client.get(`/api/clients/${c.id}/portal-link`)).json()).toMatchObject({
      live: true,
      liveLinks: 2,
    });

    await expireEmailedLinks(c.id);
    for (const path of ['', `/invoices/${invoice.id}`, `/invoices/${invoice.id}/pdf`, '/logo']) {
      const res = await visitor.get(`/api/portal/${token}${path}`);
      expect(res.statusCode, path).toBe(410);
      // The business to ask, and nothing of the client.
      expect(res.json(), path).toEqual({ error: EXPIRED });
    }
    const decline = await visitor.post(`/api/portal/${token}/estimates/1/decline`, {
      name: 'Late Reader',
    });
    expect(decline.statusCode).toBe(410);
    const overTrpc = await visitor.trpc('portal.view', 'query', { token });
    expect(overTrpc.statusCode).toBe(410);
    expect(overTrpc.json().error).toMatchObject({
      message: EXPIRED,
      data: { code: 'NOT_FOUND', httpStatus: 410 },
    });
    expect(overTrpc.body).not.toContain('Emailed Co');
    // Opening it did nothing: the invoice is still sent, the link no longer counts as working.
    expect((await owner.client.get(`/api/invoices/${invoice.id}`)).json().status).toBe('sent');
    expect((await owner.client.get(`/api/clients/${c.id}/portal-link`)).json()).toMatchObject({
      live: false,
      liveLinks: 0,
    });
    const listed = (await owner.client.get('/api/portal-links?search=Emailed')).json();
    expect(listed[0].portal).toMatchObject({ live: false, liveLinks: 0 });

    // A token never given out, and an expired link once revoked, say nothing but 404.
    const unknown = await visitor.get(`/api/portal/${'q'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect((await owner.client.delete(`/api/clients/${c.id}/portal-link`)).statusCode).toBe(200);
    const revoked = await visitor.get(`/api/portal/${token}`);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual(unknown.json());
    const revokedOverTrpc = await visitor.trpc('portal.view', 'query', { token });
    expect(revokedOverTrpc.json().error.data).toMatchObject({ httpStatus: 404 });
  });

  it('a link made on the client page has no expiry: it still works when the emailed ones beside it have expired', async () => {
    const c = await newClient(owner.client, 'Page Link Co');
    // Made first: a link made on the client page ends the client's older links.
    const page = await newLink(owner.client, c.id);
    const invoice = await newInvoice(owner.client, c.id);
    const emailed = await emailedLink(invoice.id);
    expect(await linkRow(page.token)).toMatchObject({ expiresAt: null });

    // A year on.
    await t.db
      .updateTable('clientPortalLinks')
      .set({ createdAt: sql<Date>`now() - interval '1 year'` })
      .where('clientId', '=', c.id)
      .execute();
    await expireEmailedLinks(c.id);
    expect((await visitor.get(`/api/portal/${emailed.token}`)).statusCode).toBe(410);
    expect((await visitor.get(`/api/portal/${page.token}`)).statusCode).toBe(200);
    expect((await visitor.trpc('portal.view', 'query', { token: page.token })).statusCode).toBe(
      200,
    );
    expect((await owner.client.get(`/api/clients/${c.id}/portal-link`)).json()).toMatchObject({
      live: true,
      liveLinks: 1,
    });
  });

  it('PORTAL_LINK_DAYS sets how long an emailed link works', async () => {
    const env = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40) } as const;
    expect(loadConfig(env).portalLinkDays).toBe(90);
    expect(loadConfig({ ...env, PORTAL_LINK_DAYS: '7' }).portalLinkDays).toBe(7);
    expect(() => loadConfig({ ...env, PORTAL_LINK_DAYS: '0' })).toThrow(ConfigError);

    const c = await newClient(owner.client, 'Week Co');
    const { token } = await createEmailedPortalLink(
      t.db,
      { appUrl: 'https://keel.example', portalLinkDays: 7 },
      owner.workspace.id,
      c.id,
      null,
    );
    const row = await linkRow(token);
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(7 * DAY);
  });
});

describe('what a token opens', () => {
  it("shows the business, the client's issued invoices and its balance per currency", async () => {
    const profile = await owner.client.put('/api/settings/business', {
      paymentInstructions: 'IBAN DE00 1234 5678',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const c = await newClient(owner.client, 'View Co');
    const usd1 = await newInvoice(owner.client, c.id, { amount: '100.00' });
    const usd2 = await newInvoice(owner.client, c.id, { amount: '50.50' });
    const eur = await newInvoice(owner.client, c.id, { amount: '70.00', currency: 'EUR' });
    const draft = await newInvoice(owner.client, c.id, { status: 'draft' });
    const paid = await newInvoice(owner.client, c.id, { amount: '30.00' });
    await owner.client.put(`/api/invoices/${paid.id}`, { status: 'paid' });
    // Another client's invoice of the same workspace.
    const stranger = await newClient(owner.client, 'Stranger Co');
    const theirs = await newInvoice(owner.client, stranger.id);
    const { token } = await newLink(owner.client, c.id);

    const res = await visitor.get(`/api/portal/${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const view = res.json();
    expect(view.business).toMatchObject({
      name: 'Portal Studio',
      paymentInstructions: 'IBAN DE00 1234 5678',
      logoUrl: null,
    });
    expect(view.client).toEqual({ name: 'View Co', company: null });
    const ids = view.invoices.map((i: { id: number }) => i.id).sort();
    expect(ids).toEqual([usd1.id, usd2.id, eur.id, paid.id].sort());
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(theirs.id);
    expect(view.balances).toEqual([
      { currency: 'EUR', balance: '70.00', invoices: 1 },
      { currency: 'USD', balance: '150.50', invoices: 2 },
    ]);
    const paidRow = view.invoices.find((i: { id: number }) => i.id === paid.id);
    expect(paidRow).toMatchObject({ status: 'paid', total: '30.00', balance: '0.00' });
  });

  it("another client's or workspace's invoice, and a draft, answer 404 like a wrong token", async () => {
    const c = await newClient(owner.client, 'Iso Co');
    const mine = await newInvoice(owner.client, c.id);
    const draft = await newInvoice(owner.client, c.id, { status: 'draft' });
    const sibling = await newClient(owner.client, 'Sibling Co');
    const siblings = await newInvoice(owner.client, sibling.id);
    const foreignClient = await newClient(other.client, 'Foreign Co');
    const foreign = await newInvoice(other.client, foreignClient.id);
    const { token } = await newLink(owner.client, c.id);

    const wrong = await visitor.get(`/api/portal/${'y'.repeat(43)}/invoices/${mine.id}`);
    expect(wrong.statusCode).toBe(404);
    expect((await visitor.get(`/api/portal/${token}/invoices/${mine.id}`)).statusCode).toBe(200);
    for (const id of [siblings.id, foreign.id, draft.id, 999_999]) {
      for (const path of [`invoices/${id}`, `invoices/${id}/pdf`]) {
        const res = await visitor.get(`/api/portal/${token}/${path}`);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toEqual(wrong.json());
      }
    }
    // Nothing of theirs was marked viewed.
    const statuses = await t.db
      .selectFrom('invoices')
      .select(['id', 'status', 'viewedAt'])
      .where('id', 'in', [siblings.id, foreign.id])
      .execute();
    for (const s of statuses) expect(s).toMatchObject({ status: 'sent', viewedAt: null });
  });

  it('opening a sent invoice marks it viewed with the time, once; paid and void stay as they are', async () => {
    const c = await newClient(owner.client, 'Viewed Co');
    const sent = await newInvoice(owner.client, c.id);
    const paid = await newInvoice(owner.client, c.id);
    await owner.client.put(`/api/invoices/${paid.id}`, { status: 'paid' });
    const voided = await newInvoice(owner.client, c.id);
    await owner.client.post(`/api/invoices/${voided.id}/void`, { reason: 'Mistake' });
    const { token } = await newLink(owner.client, c.id);

    const before = Date.now();
    const opened = await visitor.get(`/api/portal/${token}/invoices/${sent.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: sent.id, status: 'viewed', total: '100.00' });
    const inApp = (await owner.client.get(`/api/invoices/${sent.id}`)).json();
    expect(inApp.status).toBe('viewed');
    const viewedAt = new Date(inApp.viewedAt).getTime();
    expect(viewedAt).toBeGreaterThanOrEqual(before - 5_000);

    // Again: the first opening's time stays.
    await visitor.get(`/api/portal/${token}/invoices/${sent.id}`);
    expect((await owner.client.get(`/api/invoices/${sent.id}`)).json().viewedAt).toBe(
      inApp.viewedAt,
    );

    for (const [invoice, status] of [
      [paid, 'paid'],
      [voided, 'void'],
    ] as const) {
      expect((await visitor.get(`/api/portal/${token}/invoices/${invoice.id}`)).statusCode).toBe(
        200,
      );
      const after = (await owner.client.get(`/api/invoices/${invoice.id}`)).json();
      expect(after).toMatchObject({ status, viewedAt: null });
    }
  });

  it('serves the PDF, which counts as opening the invoice', async () => {
    const c = await newClient(owner.client, 'Pdf Co');
    const invoice = await newInvoice(owner.client, c.id, { amount: '321.00' });
    const { token } = await newLink(owner.client, c.id);
    const res = await visitor.get(`/api/portal/${token}/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(invoice.invoiceNumber!);
    expect(text).toContain('321.00');
    expect((await owner.client.get(`/api/invoices/${invoice.id}`)).json().status).toBe('viewed');
  });

  it('a suspended workspace closes its portal', async () => {
    const c = await newClient(owner.client, 'Suspended Co');
    const { token } = await newLink(owner.client, c.id);
    await t.db
      .updateTable('workspaces')
      .set({ isActive: false })
      .where('id', '=', owner.workspace.id)
      .execute();
    try {
      expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(404);
    } finally {
      await t.db
        .updateTable('workspaces')
        .set({ isActive: true })
        .where('id', '=', owner.workspace.id)
        .execute();
    }
    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('counts portal calls per address, wrong tokens included, and answers 429 with Retry-After', async () => {
    const limited = await createTestApp({ portalRateLimit: 5 });
    try {
      const a = await signUpWithWorkspace(limited.app, 'Limited Studio');
      const c = await newClient(a.client, 'Limited Co');
      const { token } = await newLink(a.client, c.id);
      const guest = new ApiClient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await guest.get(`/api/portal/${'z'.repeat(43)}`)).statusCode);
      statuses.push((await guest.get(`/api/portal/${token}`)).statusCode);
      const refused = await guest.get(`/api/portal/${token}`);
      expect(statuses).toEqual([404, 404, 404, 404, 200]);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is counted apart.
      const elsewhere = await limited.app.inject({
        method: 'GET',
        url: `/api/portal/${token}`,
        remoteAddress: '203.0.113.9',
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('estimates and proposals', () => {
  async function newEstimate(clientId: number, fields: object = {}) {
    const res = await owner.client.post('/api/estimates', {
      clientId,
      status: 'sent',
      lines: [{ description: 'Design', quantity: '2', unitPrice: '150.00' }],
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; estimateNumber: string };
  }

  async function newProposal(clientId: number | null, status = 'sent') {
    return t.db
      .insertInto('proposals')
      .values({
        workspaceId: owner.workspace.id,
        clientId,
        title: 'Website redesign',
        clientName: 'Decide Co',
        description: 'Six pages',
        amount: '4000.00',
        status,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('lists sent estimates and proposals, serves the estimate PDF (marking it viewed), and hides drafts and others', async () => {
    const c = await newClient(owner.client, 'Decide Co');
    const estimate = await newEstimate(c.id);
    const draftEstimate = await newEstimate(c.id, { status: 'draft' });
    const proposal = await newProposal(c.id);
    const draftProposal = await newProposal(c.id, 'draft');
    const unlinked = await newProposal(null);
    const { token } = await newLink(owner.client, c.id);

    const view = (await visitor.get(`/api/portal/${token}`)).json();
    expect(view.estimates.map((e: { id: number }) => e.id)).toEqual([estimate.id]);
    expect(view.estimates[0]).toMatchObject({ total: '300.00', decidable: true, decision: null });
    expect(view.proposals.map((p: { id: number }) => p.id)).toEqual([proposal.id]);
    expect(view.proposals[0]).toMatchObject({ title: 'Website redesign', decidable: true });
    expect(view.proposals[0]).toMatchObject({ status: 'sent' });

    const pdf = await visitor.get(`/api/portal/${token}/estimates/${estimate.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(estimate.estimateNumber);
    expect((await owner.client.get(`/api/estimates/${estimate.id}`)).json().status).toBe('viewed');

    for (const path of [
      `estimates/${draftEstimate.id}/pdf`,
      `proposals/${draftProposal.id}/accept`,
      `proposals/${unlinked.id}/accept`,
    ]) {
      const res = path.endsWith('pdf')
        ? await visitor.get(`/api/portal/${token}/${path}`)
        : await visitor.post(`/api/portal/${token}/${path}`, { name: 'Ann' });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('reading the portal writes nothing; a proposal becomes viewed by its own call (REST and tRPC)', async () => {
    const c = await newClient(owner.client, 'Quiet Co');
    await newInvoice(owner.client, c.id);
    await newEstimate(c.id);
    const first = await newProposal(c.id);
    const second = await newProposal(c.id);
    const draft = await newProposal(c.id, 'draft');
    const theirs = await newProposal((await newClient(owner.client, 'Loud Co')).id);
    const { token } = await newLink(owner.client, c.id);
    const statuses = async () =>
      (
        await t.db
          .selectFrom('proposals')
          .select('status')
          .where('id', 'in', [first.id, second.id, draft.id, theirs.id])
          .orderBy('id')
          .execute()
      ).map((p) => p.status);

    // The first call records the link's use (once a minute); reads after it change nothing.
    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
    const before = await snapshot(t.db);
    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
    expect((await visitor.trpc('portal.view', 'query', { token })).statusCode).toBe(200);
    expect(await snapshot(t.db)).toBe(before);
    expect(await statuses()).toEqual(['sent', 'sent', 'draft', 'sent']);

    const viewed = await visitor.post(`/api/portal/${token}/proposals/${first.id}/view`);
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toEqual({ success: true });
    const overTrpc = await visitor.trpc('portal.viewProposal', 'mutation', {
      token,
      id: second.id,
    });
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    expect(await statuses()).toEqual(['viewed', 'viewed', 'draft', 'sent']);
    expect((await visitor.get(`/api/portal/${token}`)).json().proposals).toEqual([
      expect.objectContaining({ id: second.id, status: 'viewed', decidable: true }),
      expect.objectContaining({ id: first.id, status: 'viewed', decidable: true }),
    ]);

    // A draft and another client's proposal are the portal's one refusal, and stay as they are.
    for (const id of [draft.id, theirs.id]) {
      const res = await visitor.post(`/api/portal/${token}/proposals/${id}/view`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    // A decided proposal keeps its decision.
    await visitor.post(`/api/portal/${token}/proposals/${first.id}/accept`, { name: 'Ann' });
    expect((await visitor.post(`/api/portal/${token}/proposals/${first.id}/view`)).statusCode).toBe(
      200,
    );
    expect(await statuses()).toEqual(['accepted', 'viewed', 'draft', 'sent']);
  });

  it('records an acceptance with the name, time, address and a SHA-256 of the document, once', async () => {
    const c = await newClient(owner.client, 'Accept Co');
    const estimate = await newEstimate(c.id);
    const proposal = await newProposal(c.id);
    const { token } = await newLink(owner.client, c.id);

    const accepted = await visitor.request(
      'POST',
      `/api/portal/${token}/estimates/${estimate.id}/accept`,
      { name: '  Ann Client ' },
      { 'user-agent': 'PortalTest/1.0' },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ decision: 'accepted', name: 'Ann Client' });
    const record = await t.db
      .selectFrom('documentAcceptances')
      .selectAll()
      .where('documentType', '=', 'estimate')
      .where('documentId', '=', estimate.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      workspaceId: owner.workspace.id,
      decision: 'accepted',
      name: 'Ann Client',
      via: 'portal',
      userId: null,
      userAgent: 'PortalTest/1.0',
    });
    expect(record.ip).toEqual(expect.any(String));
    expect(record.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await owner.client.get(`/api/estimates/${estimate.id}`)).json().status).toBe(
      'accepted',
    );

    // Once: a second decision is refused, and nothing changes.
    const again = await visitor.post(`/api/portal/${token}/estimates/${estimate.id}/decline`, {
      name: 'Ann Client',
    });
    expect(again.statusCode).toBe(409);

    const declined = await visitor.post(`/api/portal/${token}/proposals/${proposal.id}/decline`, {
      name: 'Bob Client',
      reason: 'Over budget',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ decision: 'declined', reason: 'Over budget' });
    const row = await t.db
      .selectFrom('proposals')
      .select('status')
      .where('id', '=', proposal.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('rejected');

    const view = (await visitor.get(`/api/portal/${token}`)).json();
    expect(view.estimates[0]).toMatchObject({
      status: 'accepted',
      decidable: false,
      decision: { decision: 'accepted', name: 'Ann Client' },
    });
    expect(view.proposals[0].decision).toMatchObject({ decision: 'declined', name: 'Bob Client' });

    // A name is required.
    const nameless = await visitor.post(
      `/api/portal/${token}/estimates/${(await newEstimate(c.id)).id}/accept`,
      { name: ' ' },
    );
    expect(nameless.statusCode).toBe(400);
  });

  it("cannot decide another client's estimate or proposal", async () => {
    const c = await newClient(owner.client, 'Mine Co');
    const theirs = await newClient(owner.client, 'Theirs Co');
    const estimate = await newEstimate(theirs.id);
    const proposal = await newProposal(theirs.id);
    const { token } = await newLink(owner.client, c.id);
    // The link's first use is recorded (last_used_at); the refusals below change nothing.
    expect((await visitor.get(`/api/portal/${token}`)).statusCode).toBe(200);
    const before = await snapshot(t.db);
    for (const path of [
      `estimates/${estimate.id}/accept`,
      `estimates/${estimate.id}/decline`,
      `proposals/${proposal.id}/accept`,
    ]) {
      const res = await visitor.post(`/api/portal/${token}/${path}`, { name: 'Eve' });
      expect(res.statusCode, path).toBe(404);
    }
    expect(
      (await visitor.get(`/api/portal/${token}/estimates/${estimate.id}/pdf`)).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
    const decided = await t.db
      .selectFrom('documentAcceptances')
      .select('id')
      .where('documentId', 'in', [estimate.id, proposal.id])
      .execute();
    expect(decided).toEqual([]);
  });
});
