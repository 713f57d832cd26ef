import { describe, expect, it } from 'vitest';
import { useSmtpSink, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { resolvePortalToken } from '../portal/portal-links.service.ts';

/* Issue 40, item 4: sending a contract emails the client a portal link through the outbox. */

const sink = useSmtpSink();
const { t, owner } = useTwoWorkspaces('Signing Studio', 'Other Studio', () => ({
  smtpUrl: sink.url,
  appUrl: 'https://keel.example',
}));

const PORTAL_LINK = /https:\/\/keel\.example\/portal\/([1-9]\d*\.[A-Za-z0-9_-]{43})/;

describe('sending a contract by email', () => {
  it('queues an email with a portal link of the client, and answers a link too', async () => {
    const client = await owner.client.post('/api/clients', {
      name: 'Lin Reader',
      email: 'lin.reader@example.com',
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: number }).id;
    const created = await owner.client.post('/api/contracts', {
      clientId,
      title: 'Illustration licence',
      body: 'Licence for {{client.name}}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };

    const res = await owner.client.post(`/api/contracts/${id}/send`, {
      message: 'Here is the licence we discussed.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      emailed: true,
      to: 'lin.reader@example.com',
      message: 'The contract is on its way to lin.reader@example.com',
    });
    expect(await resolvePortalToken(t.db, answer.portalLink.split('/portal/')[1])).toMatchObject({
      clientId,
    });

    const mail = await sink.waitFor('lin.reader@example.com');
    expect(mail.subject).toBe('Signing Studio sent you a contract to sign: Illustration licence');
    expect(mail.text).toContain('Here is the licence we discussed.');
    expect(mail.text).toContain(`Its SHA-256 fingerprint is ${answer.contract.contentSha256}.`);
    expect(mail.attachments).toEqual([]);
    const token = PORTAL_LINK.exec(mail.text)?.[1];
    expect(await resolvePortalToken(t.db, token!)).toMatchObject({ clientId });
    // The emailed link opens the contract.
    const opened = await owner.client.get(`/api/portal/${token}/contracts/${id}`);
    expect(opened.statusCode, opened.body).toBe(200);

    await t.app.services.jobs.idle();
    const outbox = await t.db
      .selectFrom('invoiceEmails')
      .select(['kind', 'status', 'contractId', 'body'])
      .where('contractId', '=', id)
      .execute();
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'contract', status: 'sent', contractId: id }),
    ]);
    // The stored text keeps the placeholder: no live link sits in the database.
    expect(outbox[0]!.body).toContain('{portalLink}');
  });

  it("uses the workspace's contract template, edited in Settings → Email", async () => {
    const saved = await owner.client.put('/api/settings/email-templates', {
      contractSubject: 'Please sign: {title}',
      contractBody:
        'Dear {clientName},\n\n{message}\n\nSign here: {portalLink}\nFingerprint {fingerprint}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ contractSubject: 'Please sign: {title}' });
    const client = await owner.client.post('/api/clients', {
      name: 'Ola Signer',
      company: 'Signer AS',
      email: 'ola.signer@example.com',
    });
    const clientId = (client.json() as { id: number }).id;
    const { id } = (
      await owner.client.post('/api/contracts', { clientId, title: 'Retainer', body: 'Terms' })
    ).json() as { id: number };
    // Sent without a message: its placeholder leaves no empty paragraph behind.
    const sent = (await owner.client.post(`/api/contracts/${id}/send`, {})).json();
    const mail = await sink.waitFor('ola.signer@example.com');
    expect(mail.subject).toBe('Please sign: Retainer');
    expect(mail.text).toMatch(
      new RegExp(
        `^Dear Signer AS,\\n\\nSign here: https://keel\\.example/portal/[1-9]\\d*\\.[A-Za-z0-9_-]{43}\\nFingerprint ${sent.contract.contentSha256}\\s*$`,
      ),
    );
    // The mail is out before its job is marked done: let the job finish before the database
    // closes (a completion after that is an unhandled rejection of the run).
    await t.app.services.jobs.idle();
  });
});
