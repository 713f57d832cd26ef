import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  joinAs,
  signUpWithWorkspace,
  useTwoWorkspaces,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';
import type {
  Contract,
  ContractAudit,
  ContractTemplate,
} from '../../../shared/contracts.schema.ts';
import { canonicalJson, sha256Hex } from '../estimates/acceptance.service.ts';

/*
 * Contract templates and contracts (issue 40, items 3 and 4): templates with merge fields,
 * the lock after sending, the status machine (portal signature, countersignature, decline,
 * expiry, void, revision), the audit trail's hash chain, and tenancy.
 */

const { t, owner, other } = useTwoWorkspaces('Contract Studio', 'Elsewhere Studio');

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Res = { status: number; body: any };
async function call(res: Promise<{ statusCode: number; json: () => any }>): Promise<Res> {
  const r = await res;
  return { status: r.statusCode, body: r.json() };
}

async function ok<T = any>(
  res: Promise<{ statusCode: number; body: string; json: () => any }>,
  status = 200,
) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

async function newClient(account: WorkspaceAccount, fields: Record<string, unknown> = {}) {
  return ok<{ id: number; name: string }>(
    account.client.post('/api/clients', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 Analytical Row\nLondon',
      ...fields,
    }),
    201,
  );
}

async function templates(account: WorkspaceAccount) {
  return ok<ContractTemplate[]>(account.client.get('/api/contract-templates'));
}

async function newContract(
  account: WorkspaceAccount,
  clientId: number,
  fields: Record<string, unknown> = {},
) {
  return ok<Contract>(
    account.client.post('/api/contracts', {
      clientId,
      title: 'Website redesign',
      body: 'Between {{business.name}} and {{client.name}} for {{contract.fee}}.',
      fee: '1200.5',
      currency: 'EUR',
      ...fields,
    }),
    201,
  );
}

async function sent(account: WorkspaceAccount, id: number) {
  return ok<{ contract: Contract; portalLink: string; emailed: boolean; message: string }>(
    account.client.post(`/api/contracts/${id}/send`, {}),
  );
}

const tokenOf = (portalLink: string) => portalLink.split('/portal/')[1]!;

/** A contract of a new client, sent: its id and the client's portal token. */
async function sentContract(account = owner, fields: Record<string, unknown> = {}) {
  const client = await newClient(account);
  const contract = await newContract(account, client.id, fields);
  const answer = await sent(account, contract.id);
  return { id: contract.id, clientId: client.id, token: tokenOf(answer.portalLink), answer };
}

const visitor = () => new ApiClient(t.app);
const sign = (token: string, id: number, body: Record<string, unknown> = {}) =>
  call(
    visitor().post(`/api/portal/${token}/contracts/${id}/sign`, {
      name: 'Ada Lovelace',
      signature: PNG,
      consent: true,
      ...body,
    }),
  );

const audit = (id: number, account = owner) =>
  ok<ContractAudit>(account.client.get(`/api/contracts/${id}/audit`));

describe('templates', () => {
  it('gives every new workspace three starter templates, one of them the default', async () => {
    const list = await templates(owner);
    expect(list.map((t) => t.name)).toEqual([
      'Fixed-fee project',
      'Monthly retainer',
      'Mutual non-disclosure agreement',
    ]);
    expect(list.filter((t) => t.isDefault).map((t) => t.name)).toEqual(['Fixed-fee project']);
    expect(list[0]!.body).toContain('{{contract.fee}}');
  });

  it('refuses an unknown merge field with 400 naming it, on create and update', async () => {
    const refused = await call(
      owner.client.post('/api/contract-templates', { name: 'Bad', body: 'Hi {{client.nickname}}' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^Unknown merge field: \{\{client\.nickname\}\}/);

    const created = await ok<ContractTemplate>(
      owner.client.post('/api/contract-templates', { name: 'Short', body: 'For {{client.name}}' }),
      201,
    );
    const update = await call(
      owner.client.put(`/api/contract-templates/${created.id}`, { body: '{{ foo.bar }}' }),
    );
    expect(update.status).toBe(400);
    expect(update.body.error).toMatch(/\{\{foo\.bar\}\}/);
    const kept = await ok<ContractTemplate>(
      owner.client.get(`/api/contract-templates/${created.id}`),
    );
    expect(kept.body).toBe('For {{client.name}}');
  });

  it('keeps one default: making another the default takes the mark off the old one', async () => {
    const created = await ok<ContractTemplate>(
      owner.client.post('/api/contract-templates', {
        name: 'New default',
        body: 'Agreement with {{client.name}}',
        isDefault: true,
      }),
      201,
    );
    const list = await templates(owner);
    expect(list.filter((t) => t.isDefault).map((t) => t.id)).toEqual([created.id]);
    // Back to the starter, for the tests below.
    const starter = list.find((t) => t.name === 'Fixed-fee project')!;
    await ok(owner.client.put(`/api/contract-templates/${starter.id}`, { isDefault: true }));
    await ok(owner.client.delete(`/api/contract-templates/${created.id}`));
    expect((await call(owner.client.get(`/api/contract-templates/${created.id}`))).status).toBe(
      404,
    );
  });

  it("answers 404 for another workspace's template, everywhere", async () => {
    const [theirs] = await templates(other);
    const before = await ok(other.client.get(`/api/contract-templates/${theirs!.id}`));
    expect((await call(owner.client.get(`/api/contract-templates/${theirs!.id}`))).status).toBe(
      404,
    );
    expect(
      (await call(owner.client.put(`/api/contract-templates/${theirs!.id}`, { name: 'Mine' })))
        .status,
    ).toBe(404);
    expect((await call(owner.client.delete(`/api/contract-templates/${theirs!.id}`))).status).toBe(
      404,
    );
    const client = await newClient(owner);
    const used = await call(
      owner.client.post('/api/contracts', {
        clientId: client.id,
        title: 'Theirs',
        templateId: theirs!.id,
      }),
    );
    expect(used.status).toBe(404);
    expect(await ok(other.client.get(`/api/contract-templates/${theirs!.id}`))).toEqual(before);
  });
});

describe('creating a contract', () => {
  it('fills the merge fields of a template when it is created', async () => {
    const client = await newClient(owner, { name: 'Grace Hopper' });
    const [starter] = await templates(owner);
    const contract = await newContract(owner, client.id, {
      body: undefined,
      templateId: starter!.id,
      fee: '2500',
      currency: 'USD',
      startDate: '2026-12-01',
      endDate: '2027-01-31',
    });
    expect(contract).toMatchObject({
      status: 'draft',
      templateId: starter!.id,
      fee: '2500.00',
      currency: 'USD',
      version: 1,
    });
    expect(contract.body).not.toMatch(/\{\{/);
    expect(contract.body).toContain('**Grace Hopper**');
    expect(contract.body).toContain('**$2,500\\.00**');
    expect(contract.body).toContain('Work starts on December 1, 2026');
    expect(contract.body).toContain('completed by January 31, 2027');
    expect(contract.body).toContain('**Contract Studio**');
  });

  it('fills an address from its structured parts when none is typed, and freezes it on sending', async () => {
    const client = await newClient(owner, {
      name: 'Structured Client',
      address: null,
      street: 'Hauptstraße 5',
      postalCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    });
    const contract = await newContract(owner, client.id, { body: 'Client at {{client.address}}' });
    // On one line, as a sentence names it; the party keeps its lines.
    expect(contract.body).toContain('Client at Hauptstraße 5, 10115 Berlin, Germany');
    const { contract: locked } = await sent(owner, contract.id);
    expect(locked.clientParty?.address).toBe('Hauptstraße 5\n10115 Berlin\nGermany');
  });

  it('escapes values so that a client name injects no Markdown link or HTML', async () => {
    const client = await newClient(owner, {
      name: '[x](http://evil) <img src=x onerror=alert(1)>',
    });
    const contract = await newContract(owner, client.id, { body: 'Client: {{client.name}}' });
    expect(contract.body).toBe(
      'Client: \\[x\\]\\(http\\://evil\\) \\<img src\\=x onerror\\=alert\\(1\\)\\>',
    );
  });

  it('refuses an unknown field in a free body (400 naming it) and a fee with too many decimals', async () => {
    const client = await newClient(owner);
    const unknown = await call(
      owner.client.post('/api/contracts', {
        clientId: client.id,
        title: 'X',
        body: 'Hello {{client.phone}}',
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/\{\{client\.phone\}\}/);
    const yen = await call(
      owner.client.post('/api/contracts', {
        clientId: client.id,
        title: 'X',
        body: 'Fee',
        fee: '10.5',
        currency: 'JPY',
      }),
    );
    expect(yen.status).toBe(400);
    expect(yen.body.error).toBe('JPY amounts have no decimals');
  });

  it('is refused to a collaborator (403)', async () => {
    const collaborator = await joinAs(t, owner.workspace.id, 'collaborator');
    const client = await newClient(owner);
    const res = await call(
      collaborator.client.post('/api/contracts', { clientId: client.id, title: 'X', body: 'Y' }),
    );
    expect(res.status).toBe(403);
  });
});

describe('sending', () => {
  it('locks the content and records the SHA-256 of its canonical form', async () => {
    const client = await newClient(owner);
    const draft = await newContract(owner, client.id);
    // A draft is fully editable.
    const edited = await ok<Contract>(
      owner.client.put(`/api/contracts/${draft.id}`, {
        title: 'Website redesign, phase 1',
        body: 'For {{client.name}}: {{contract.title}}',
      }),
    );
    expect(edited.body).toBe('For Ada Lovelace: Website redesign, phase 1');

    const answer = await sent(owner, draft.id);
    // The test server sends no mail: the link is answered to pass on by hand.
    expect(answer.emailed).toBe(false);
    expect(answer.message).toBe(
      'Email is not configured on this server: copy the portal link to send it yourself.',
    );
    expect(answer.portalLink).toMatch(/\/portal\/[1-9]\d*\.[A-Za-z0-9_-]{43}$/);
    const c = answer.contract;
    expect(c.status).toBe('sent');
    expect(c.businessParty).toEqual({ name: 'Contract Studio', address: null, email: null });
    expect(c.clientParty).toEqual({
      name: 'Ada Lovelace',
      address: '12 Analytical Row\nLondon',
      email: 'ada@example.com',
    });
    const document = {
      type: 'contract',
      id: c.id,
      version: 1,
      title: c.title,
      body: c.body,
      fee: '1200.50',
      currency: 'EUR',
      startDate: null,
      endDate: null,
      expiresAt: null,
      business: c.businessParty,
      client: c.clientParty,
    };
    expect(c.contentSha256).toBe(sha256Hex(canonicalJson(document)));

    for (const res of [
      await call(owner.client.put(`/api/contracts/${c.id}`, { title: 'Changed' })),
      await call(owner.client.delete(`/api/contracts/${c.id}`)),
      await call(owner.client.post(`/api/contracts/${c.id}/send`, {})),
    ]) {
      expect(res.status).toBe(409);
    }
    expect((await ok<Contract>(owner.client.get(`/api/contracts/${c.id}`))).title).toBe(
      'Website redesign, phase 1',
    );
  });

  it('answers the link when the client has no email', async () => {
    const client = await newClient(owner);
    // The form requires one; clients imported or made before may have none.
    await t.db.updateTable('clients').set({ email: '' }).where('id', '=', client.id).execute();
    const contract = await newContract(owner, client.id);
    const answer = await sent(owner, contract.id);
    expect(answer.emailed).toBe(false);
    expect(answer.message).toBe(
      'This client has no email: copy the portal link to send it yourself.',
    );
  });

  it('deletes a draft', async () => {
    const client = await newClient(owner);
    const contract = await newContract(owner, client.id);
    await ok(owner.client.delete(`/api/contracts/${contract.id}`));
    expect((await call(owner.client.get(`/api/contracts/${contract.id}`))).status).toBe(404);
  });
});

describe('signing', () => {
  it('runs draft → sent → viewed → signed → completed, with one signature per party', async () => {
    const { id, token } = await sentContract();
    const portal = visitor();
    // Listed in the portal overview.
    const overview = await ok(portal.get(`/api/portal/${token}`));
    expect(overview.contracts).toEqual([
      expect.objectContaining({ id, status: 'sent', signable: true }),
    ]);
    const opened = await ok(portal.get(`/api/portal/${token}/contracts/${id}`));
    expect(opened).toMatchObject({ id, status: 'viewed', signable: true, signatures: [] });
    // A second opening records nothing more.
    await ok(portal.get(`/api/portal/${token}/contracts/${id}`));

    // The business cannot countersign before the client signs.
    const early = await call(
      owner.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Owner',
        signature: { typed: 'Owner' },
      }),
    );
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('The client must sign this contract first');

    const noConsent = await sign(token, id, { consent: false });
    expect(noConsent.status).toBe(400);
    const signed = await sign(token, id);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({
      status: 'signed',
      signable: false,
      signatures: [{ party: 'client', name: 'Ada Lovelace', kind: 'drawn' }],
    });
    const again = await sign(token, id, { signature: { typed: 'Ada' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This contract has already been signed');
    const decline = await call(
      visitor().post(`/api/portal/${token}/contracts/${id}/decline`, { reason: 'Too late' }),
    );
    expect(decline.status).toBe(409);

    // Only the owner or an administrator countersigns.
    const manager = await joinAs(t, owner.workspace.id, 'project_manager');
    const refused = await call(
      manager.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Manager',
        signature: { typed: 'Manager' },
      }),
    );
    expect(refused.status).toBe(403);
    const done = await ok(
      owner.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Olive Owner',
        signature: { typed: 'Olive Owner' },
      }),
    );
    expect(done.status).toBe('completed');
    expect(done.signatures.map((s: { party: string }) => s.party)).toEqual(['client', 'business']);
    const twice = await call(
      owner.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Olive Owner',
        signature: { typed: 'Olive Owner' },
      }),
    );
    expect(twice.status).toBe(409);

    const trail = await audit(id);
    expect(trail.verified).toBe(true);
    expect(trail.events.map((e) => [e.type, e.actor])).toEqual([
      ['created', 'user'],
      ['sent', 'user'],
      ['viewed', 'client via portal'],
      ['signed', 'client via portal'],
      ['countersigned', 'user'],
    ]);
    expect(trail.events[3]).toMatchObject({ actorName: 'Ada Lovelace', ip: expect.any(String) });
    expect(trail.events[0]!.prevHash).toBeNull();
    expect(trail.events[1]!.prevHash).toBe(trail.events[0]!.hash);
  });

  it('records exactly one of two signatures at once', async () => {
    const { id, token } = await sentContract();
    const answers = await Promise.all([
      sign(token, id, { name: 'First Signer' }),
      sign(token, id, { name: 'Second Signer' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const rows = await t.db
      .selectFrom('contractSignatures')
      .select(['name'])
      .where('contractId', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect((await audit(id)).events.filter((e) => e.type === 'signed')).toHaveLength(1);
  });

  it('refuses a signature after expiry, void or decline', async () => {
    const expiring = await sentContract(owner, {
      expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    await t.db
      .updateTable('contracts')
      .set({ expiresAt: sql<Date>`now() - interval '1 minute'` })
      .where('id', '=', expiring.id)
      .execute();
    const expired = await sign(expiring.token, expiring.id);
    expect(expired.status).toBe(409);
    expect(expired.body.error).toBe('This contract has expired: ask for a new one');
    expect((await ok<Contract>(owner.client.get(`/api/contracts/${expiring.id}`))).status).toBe(
      'expired',
    );

    const voided = await sentContract();
    const reason = await call(owner.client.post(`/api/contracts/${voided.id}/void`, {}));
    expect(reason.status).toBe(400);
    await ok(owner.client.post(`/api/contracts/${voided.id}/void`, { reason: 'Wrong client' }));
    expect((await sign(voided.token, voided.id)).body.error).toBe('This contract was voided');

    const declined = await sentContract();
    const answer = await ok(
      visitor().post(`/api/portal/${declined.token}/contracts/${declined.id}/decline`, {
        reason: 'Budget cut',
      }),
    );
    expect(answer.status).toBe('declined');
    const late = await sign(declined.token, declined.id);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This contract was declined');
    expect((await audit(declined.id)).events.at(-1)).toMatchObject({
      type: 'declined',
      details: { reason: 'Budget cut' },
    });
  });

  it('refuses a signature that is not a PNG data URL or is over 200 KB', async () => {
    const { id, token } = await sentContract();
    const gif = await sign(token, id, { signature: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' });
    expect(gif.status).toBe(400);
    const big = await sign(token, id, { signature: PNG + 'A'.repeat(210 * 1024) });
    expect(big.status).toBe(400);
    const fake = await sign(token, id, { signature: 'data:image/png;base64,AAAAAAAAAAAAAAAA' });
    expect(fake.status).toBe(400);
  });

  it('tells the contract creator when the client views, signs or declines', async () => {
    const { id, token } = await sentContract();
    await ok(visitor().get(`/api/portal/${token}/contracts/${id}`));
    expect((await sign(token, id)).status).toBe(200);
    const rows = await t.db
      .selectFrom('notifications')
      .select(['kind', 'title', 'userId'])
      .where('link', '=', `/contracts/${id}`)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'contract_viewed',
        title: 'Contract “Website redesign” was viewed by Ada Lovelace',
        userId: owner.user.id,
      },
      {
        kind: 'contract_signed',
        title: 'Contract “Website redesign” was signed by Ada Lovelace',
        userId: owner.user.id,
      },
    ]);
  });

  it('lists contracts awaiting signature on the dashboard', async () => {
    const { id } = await sentContract();
    const stats = await ok(owner.client.get('/api/dashboard/stats'));
    expect(stats.contractsAwaitingSignature.count).toBeGreaterThan(0);
    const all = await ok<Contract[]>(owner.client.get('/api/contracts?status=sent&limit=500'));
    expect(all.map((c) => c.id)).toContain(id);
  });
});

describe('revising', () => {
  it('makes a new draft version and voids the old one with its signature', async () => {
    const { id, token } = await sentContract();
    expect((await sign(token, id)).status).toBe(200);
    const draft = await call(owner.client.post(`/api/contracts/${id}/revise`, { fee: '1500' }));
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({
      status: 'draft',
      version: 2,
      previousId: id,
      fee: '1500.00',
    });
    const old = await ok<Contract>(owner.client.get(`/api/contracts/${id}`));
    expect(old).toMatchObject({
      status: 'void',
      voidReason: 'Replaced by version 2',
      replacedById: draft.body.id,
    });
    // The client's signature went with it: the old one cannot be countersigned.
    const countersign = await call(
      owner.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Owner',
        signature: { typed: 'Owner' },
      }),
    );
    expect(countersign.status).toBe(409);
    expect((await call(owner.client.post(`/api/contracts/${id}/revise`, {}))).status).toBe(409);
    expect((await audit(id)).events.at(-1)).toMatchObject({
      type: 'revised',
      details: { newContractId: draft.body.id, version: 2 },
    });
    expect((await audit(draft.body.id)).events[0]).toMatchObject({
      type: 'created',
      details: { revises: id, version: 2 },
    });
    // The new version is sent and signed on its own.
    const resent = await sent(owner, draft.body.id);
    expect((await sign(tokenOf(resent.portalLink), draft.body.id)).status).toBe(200);
  });
});

describe('audit trail', () => {
  it('reports a stored event changed in SQL', async () => {
    const { id, token } = await sentContract();
    await ok(visitor().get(`/api/portal/${token}/contracts/${id}`));
    expect((await audit(id)).verified).toBe(true);
    await t.db
      .updateTable('contractEvents')
      .set({ ip: '203.0.113.9' })
      .where('contractId', '=', id)
      .where('seq', '=', 2)
      .execute();
    const tampered = await audit(id);
    expect(tampered.verified).toBe(false);
    expect(tampered.brokenAt).toBe(2);
  });

  it('reports an event deleted from the chain', async () => {
    const { id, token } = await sentContract();
    await ok(visitor().get(`/api/portal/${token}/contracts/${id}`));
    await t.db
      .deleteFrom('contractEvents')
      .where('contractId', '=', id)
      .where('seq', '=', 2)
      .execute();
    const broken = await audit(id);
    expect(broken).toMatchObject({ verified: false, brokenAt: 3 });
  });
});

describe('tenancy', () => {
  it("answers 404 for another workspace's contract everywhere", async () => {
    const { id } = await sentContract(other);
    const client = await newClient(other);
    const draft = await newContract(other, client.id);
    const before = await ok(other.client.get(`/api/contracts/${id}/audit`));
    for (const res of [
      await call(owner.client.get(`/api/contracts/${id}`)),
      await call(owner.client.get(`/api/contracts/${id}/audit`)),
      await call(owner.client.put(`/api/contracts/${draft.id}`, { title: 'Mine' })),
      await call(owner.client.delete(`/api/contracts/${draft.id}`)),
      await call(owner.client.post(`/api/contracts/${draft.id}/send`, {})),
      await call(owner.client.post(`/api/contracts/${id}/revise`, {})),
      await call(owner.client.post(`/api/contracts/${id}/void`, { reason: 'Mine' })),
      await call(
        owner.client.post(`/api/contracts/${id}/countersign`, {
          name: 'X',
          signature: { typed: 'X' },
        }),
      ),
    ]) {
      expect(res.status).toBe(404);
    }
    // Their client cannot be named in a contract here either.
    const theirs = await call(
      owner.client.post('/api/contracts', { clientId: client.id, title: 'X', body: 'Y' }),
    );
    expect(theirs.status).toBe(404);
    expect(await ok(other.client.get(`/api/contracts/${id}/audit`))).toEqual(before);
    expect((await ok<Contract>(other.client.get(`/api/contracts/${draft.id}`))).title).toBe(
      'Website redesign',
    );
  });

  it("shows a portal token its own client's sent contracts only", async () => {
    const mine = await sentContract();
    const someoneElse = await sentContract();
    const draft = await newContract(owner, mine.clientId);
    const theirs = await sentContract(other);
    for (const id of [someoneElse.id, draft.id, theirs.id]) {
      expect((await call(visitor().get(`/api/portal/${mine.token}/contracts/${id}`))).status).toBe(
        404,
      );
      expect((await sign(mine.token, id)).status).toBe(404);
      const decline = await call(
        visitor().post(`/api/portal/${mine.token}/contracts/${id}/decline`, { reason: 'No' }),
      );
      expect(decline.status).toBe(404);
    }
    const overview = await ok(visitor().get(`/api/portal/${mine.token}`));
    expect(overview.contracts.map((c: { id: number }) => c.id)).toEqual([mine.id]);
    // Nothing moved: the other contracts are still as sent.
    expect((await ok<Contract>(owner.client.get(`/api/contracts/${someoneElse.id}`))).status).toBe(
      'sent',
    );
  });
});

describe('deleting', () => {
  it('deletes a workspace with its contracts, signatures and audit trails', async () => {
    const gone = await signUpWithWorkspace(t.app, 'Closing Studio');
    const { id, token } = await sentContract(gone);
    expect((await sign(token, id)).status).toBe(200);
    await t.db.deleteFrom('workspaces').where('id', '=', gone.workspace.id).execute();
    for (const table of ['contracts', 'contractSignatures', 'contractEvents'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('workspaceId')
        .where('workspaceId', '=', gone.workspace.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });

  it('keeps a client that has contracts (409)', async () => {
    const { clientId } = await sentContract();
    const res = await call(owner.client.delete(`/api/clients/${clientId}`));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This client has estimates or contracts and cannot be deleted.');
    expect((await call(owner.client.get(`/api/clients/${clientId}`))).status).toBe(200);
  });
});

describe('proposals', () => {
  it('drafts a contract from the default template when accepted with createContract', async () => {
    const client = await newClient(owner, { name: 'Proposal Client' });
    const proposal = await ok<{ id: number }>(
      owner.client.post('/api/proposals', {
        title: 'Brand refresh',
        clientName: 'Proposal Client',
        description: 'Logo and guidelines',
        amount: '3000',
        clientId: client.id,
      }),
      201,
    );
    await ok(owner.client.put(`/api/proposals/${proposal.id}`, { status: 'sent' }));
    const accepted = await ok(
      owner.client.post(`/api/proposals/${proposal.id}/accept`, {
        name: 'Proposal Client',
        createProject: true,
        createContract: true,
      }),
    );
    const contractId = accepted.followUps.contractId as number;
    expect(contractId).toEqual(expect.any(Number));
    const contract = await ok<Contract>(owner.client.get(`/api/contracts/${contractId}`));
    const [starter] = await templates(owner);
    expect(contract).toMatchObject({
      status: 'draft',
      clientId: client.id,
      title: 'Brand refresh',
      proposalId: proposal.id,
      projectId: accepted.followUps.projectId,
      templateId: starter!.id,
      fee: '3000.00',
    });
    expect(contract.body).toContain('**Proposal Client**');
    expect(contract.body).toContain('**Brand refresh**');
  });
});
