import { describe, expect, it } from 'vitest';
import { useTestApp, useOwner, useMember } from '../../../../tests/support/test-app.ts';
import type { Proposal } from '../../../shared/proposals.schema.ts';
import {
  canonicalJson,
  decideProposal,
  proposalDocument,
  sha256Hex,
} from '../estimates/acceptance.service.ts';

/*
 * Issue 37, item 3: proposals follow the estimates' rules. Only those who bill record a
 * decision, and only with its acceptance record (a status change to accepted or rejected
 * is refused, as an estimate's is); a decided proposal is read-only for everyone, so the
 * SHA-256 its record keeps still matches it.
 */

const t = useTestApp();
const owner = useOwner(t, 'Pitch Studio');
const collaborator = useMember(t, owner, 'collaborator');
const manager = useMember(t, owner, 'project_manager');

type Client = typeof owner.client;

async function call(res: Promise<{ statusCode: number; body: string; json: () => any }>) {
  const r = await res;
  return { status: r.statusCode, body: r.json() };
}

/** A proposal of the workspace, sent to the client unless `draft`. */
async function sentProposal(title: string, by: Client = owner.client, draft = false) {
  const created = await call(
    by.post('/api/proposals', {
      title,
      clientName: 'Acme GmbH',
      description: 'Design and build',
      amount: '2500.00',
    }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (!draft) {
    const sent = await call(by.put(`/api/proposals/${created.body.id}`, { status: 'sent' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
  return created.body as Proposal;
}

async function stored(id: number) {
  return t.db
    .selectFrom('proposals')
    .select(['id', 'title', 'clientName', 'description', 'amount', 'status', 'dueDate'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const records = (id: number) =>
  t.db
    .selectFrom('documentAcceptances')
    .select(['decision', 'documentSha256', 'userId', 'via'])
    .where('documentType', '=', 'proposal')
    .where('documentId', '=', id)
    .execute();

/** The record's SHA-256 is the one of the proposal as it is stored now. */
async function expectRecordMatches(id: number) {
  const [record] = await records(id);
  const row = await stored(id);
  expect(record!.documentSha256).toBe(sha256Hex(canonicalJson(proposalDocument(row!))));
}

describe('deciding a proposal', () => {
  it('refuses a status change to accepted or rejected, for every role, and records nothing', async () => {
    const proposal = await sentProposal('Status shortcut');
    for (const client of [collaborator.client, manager.client, owner.client]) {
      for (const status of ['accepted', 'rejected']) {
        const res = await call(client.put(`/api/proposals/${proposal.id}`, { status }));
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/accept or decline the proposal/);
      }
    }
    expect((await stored(proposal.id))!.status).toBe('sent');
    expect(await records(proposal.id)).toEqual([]);
  });

  it('lets only those who bill accept or decline, with a record of who and what', async () => {
    const proposal = await sentProposal('Roles', collaborator.client);
    const body = { name: 'Ann Client' };
    expect(
      (await call(collaborator.client.post(`/api/proposals/${proposal.id}/accept`, body))).status,
    ).toBe(403);
    expect(
      (await call(collaborator.client.post(`/api/proposals/${proposal.id}/decline`, {}))).status,
    ).toBe(403);
    expect(await records(proposal.id)).toEqual([]);

    const accepted = await call(manager.client.post(`/api/proposals/${proposal.id}/accept`, body));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await records(proposal.id)).toEqual([
      {
        decision: 'accepted',
        documentSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        userId: manager.user.id,
        via: 'app',
      },
    ]);
    await expectRecordMatches(proposal.id);
  });

  it('keeps undecided proposals editable by every role', async () => {
    const proposal = await sentProposal('Still open', collaborator.client);
    const edited = await call(
      collaborator.client.put(`/api/proposals/${proposal.id}`, {
        amount: '3000',
        status: 'viewed',
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ amount: '3000.00', status: 'viewed' });
    const draft = await sentProposal('Scrapped', collaborator.client, true);
    expect((await call(collaborator.client.delete(`/api/proposals/${draft.id}`))).status).toBe(200);
    expect(await stored(draft.id)).toBeUndefined();
  });
});

describe('a decided proposal', () => {
  it('is read-only for every role once accepted: edits, status changes and deletion answer 409', async () => {
    const proposal = await sentProposal('Accepted work');
    const accepted = await call(
      owner.client.post(`/api/proposals/${proposal.id}/accept`, { name: 'Ann Client' }),
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const before = await stored(proposal.id);
    for (const client of [collaborator.client, manager.client, owner.client]) {
      const edit = await call(client.put(`/api/proposals/${proposal.id}`, { amount: '1' }));
      expect(edit.status).toBe(409);
      expect(edit.body.error).toBe(
        'This proposal was accepted: it can no longer be changed or deleted',
      );
      expect(
        (await call(client.put(`/api/proposals/${proposal.id}`, { status: 'sent' }))).status,
      ).toBe(409);
      expect((await call(client.delete(`/api/proposals/${proposal.id}`))).status).toBe(409);
    }
    expect(await stored(proposal.id)).toEqual(before);
    await expectRecordMatches(proposal.id);
  });

  it('is read-only once declined in the client portal', async () => {
    const proposal = await sentProposal('Declined work');
    await decideProposal(t.db, owner.workspace.id, proposal.id, {
      decision: 'declined',
      name: 'Ann Client',
      reason: 'Too dear',
      ip: '198.51.100.7',
      userAgent: 'Portal',
      via: 'portal',
    });
    const edit = await call(
      collaborator.client.put(`/api/proposals/${proposal.id}`, { title: 'New' }),
    );
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe(
      'This proposal was rejected: it can no longer be changed or deleted',
    );
    expect((await call(owner.client.delete(`/api/proposals/${proposal.id}`))).status).toBe(409);
    expect((await stored(proposal.id))!.title).toBe('Declined work');
    await expectRecordMatches(proposal.id);
  });

  it('an edit racing the acceptance either lands before it (and is hashed) or is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const proposal = await sentProposal(`Race ${round}`);
      const [edit, accept] = await Promise.all([
        call(owner.client.put(`/api/proposals/${proposal.id}`, { amount: `${100 + round}` })),
        call(owner.client.post(`/api/proposals/${proposal.id}/accept`, { name: 'Ann' })),
      ]);
      expect(accept.status, JSON.stringify(accept.body)).toBe(200);
      expect([200, 409]).toContain(edit.status);
      await expectRecordMatches(proposal.id);
    }
  });
});
