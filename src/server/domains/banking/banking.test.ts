import { describe, expect, it } from 'vitest';
import type { BankAccount, BankImportResult, CsvMapping } from '../../../shared/banking.schema.ts';
import {
  type ApiClient,
  joinAs,
  snapshot,
  useTwoWorkspaces,
} from '../../../../tests/support/test-app.ts';
import { multipartBody } from '../../../../tests/support/uploads.ts';
import { fixture } from './statements/test-support.ts';

/* Issue 43, part 1: bank accounts, statement imports (each transaction once), transactions. */

const { t, owner, other } = useTwoWorkspaces('Bank Studio', 'Other Bank Studio');

/** The German bank's export: heading names, decimal commas, Soll and Haben columns. */
const GERMAN: CsvMapping = {
  dateColumn: 'Buchungstag',
  dateFormat: 'dd.MM.yyyy',
  valueDateColumn: 'Wertstellung',
  debitColumn: 'Soll',
  creditColumn: 'Haben',
  descriptionColumn: 'Verwendungszweck',
  counterpartyColumn: 'Auftraggeber/Empfänger',
  counterpartyIbanColumn: 'IBAN',
  referenceColumn: 'Kundenreferenz',
  currencyColumn: 'Währung',
  delimiter: ';',
  decimalSeparator: ',',
  hasHeader: true,
  skipRows: 4,
};

async function newAccount(client: ApiClient, values: object = {}) {
  const res = await client.post('/api/bank-accounts', {
    name: 'Girokonto',
    currency: 'EUR',
    identifier: 'DE89 3704 0044 0532 0130 00',
    openingBalance: '1000.00',
    openingDate: '2025-12-31',
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as BankAccount;
}

async function upload(
  client: ApiClient,
  accountId: number,
  name: string,
  options: { data?: Buffer; mapping?: CsvMapping | string; preview?: boolean } = {},
) {
  const boundary = 'keelbankboundary';
  const parts: Parameters<typeof multipartBody>[1] = [];
  if (options.mapping !== undefined)
    parts.push({
      name: 'mapping',
      data: typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping),
    });
  parts.push({
    name: 'file',
    filename: name,
    contentType: 'application/octet-stream',
    data: options.data ?? fixture(name),
  });
  return inject(client, accountId, boundary, parts, options.preview);
}

/** The upload through the app (ApiClient sends JSON bodies only). */
async function inject(
  client: ApiClient,
  accountId: number,
  boundary: string,
  parts: Parameters<typeof multipartBody>[1],
  preview?: boolean,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/bank-accounts/${accountId}/imports${preview ? '?preview=true' : ''}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    payload: multipartBody(boundary, parts),
  });
}

async function imported(
  client: ApiClient,
  accountId: number,
  name: string,
  options: Parameters<typeof upload>[3] = {},
) {
  const res = await upload(client, accountId, name, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BankImportResult;
}

async function account(client: ApiClient, id: number) {
  const res = await client.get(`/api/bank-accounts/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BankAccount;
}

describe('bank accounts', () => {
  it('keeps the IBAN without spaces, shows it masked, and starts at the opening balance', async () => {
    const created = await newAccount(owner.client);
    expect(created).toMatchObject({
      name: 'Girokonto',
      currency: 'EUR',
      identifier: 'DE89370400440532013000',
      maskedIdentifier: 'DE89 •••• •••• 3000',
      openingBalance: '1000.00',
      balance: '1000.00',
      lastStatementDate: null,
      unmatchedCount: 0,
    });
    const number = await newAccount(owner.client, {
      identifier: '0532013000',
      currency: 'jpy',
      openingBalance: '-500',
    });
    expect(number).toMatchObject({
      maskedIdentifier: '•••• 3000',
      currency: 'JPY',
      balance: '-500',
    });
    const list = (await owner.client.get('/api/bank-accounts')).json() as BankAccount[];
    expect(list.map((a) => a.id)).toEqual(expect.arrayContaining([created.id, number.id]));

    const res = await owner.client.put(`/api/bank-accounts/${created.id}`, {
      name: 'Main account',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Main account',
      identifier: 'DE89370400440532013000',
    });
    // A JPY amount has no decimals.
    expect(
      (
        await owner.client.post('/api/bank-accounts', {
          name: 'Yen',
          currency: 'JPY',
          openingBalance: '1.5',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets owners and administrators manage accounts; managers read; members do neither', async () => {
    const manager = await joinAs(t, owner.workspace.id, 'project_manager');
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const admin = await joinAs(t, owner.workspace.id, 'administrator');
    const created = await newAccount(admin.client, { name: 'Admin made' });
    expect((await manager.client.get(`/api/bank-accounts/${created.id}`)).statusCode).toBe(200);
    expect((await manager.client.get('/api/bank-transactions')).statusCode).toBe(200);
    expect(
      (await manager.client.post('/api/bank-accounts', { name: 'No', currency: 'EUR' })).statusCode,
    ).toBe(403);
    expect((await upload(manager.client, created.id, 'camt053-2026-01.xml')).statusCode).toBe(403);
    expect((await member.client.get('/api/bank-accounts')).statusCode).toBe(403);
    expect((await member.client.get('/api/bank-transactions')).statusCode).toBe(403);
  });
});

describe('statement import', () => {
  it('answers the guessed mapping and the first rows for a CSV without a mapping, saving nothing', async () => {
    const acct = await newAccount(owner.client);
    const before = await snapshot(t.db);
    const guess = await imported(owner.client, acct.id, 'csv-de-2026-01a.csv');
    expect(guess).toMatchObject({ needsMapping: true, imported: 0, format: 'csv', importId: null });
    expect(guess.csvPreview?.headerRow[0]).toBe('Buchungstag');
    expect(guess.csvMapping).toMatchObject({
      dateColumn: 'Buchungstag',
      debitColumn: 'Soll',
      creditColumn: 'Haben',
      decimalSeparator: ',',
    });
    // A preview with the mapping tells what would be saved, and saves nothing either.
    const preview = await imported(owner.client, acct.id, 'csv-de-2026-01a.csv', {
      mapping: GERMAN,
      preview: true,
    });
    expect(preview).toMatchObject({
      preview: true,
      imported: 7,
      duplicates: 0,
      totalIn: '1690.00',
      totalOut: '2276.56',
    });
    expect(preview.rejected).toHaveLength(1);
    expect(preview.rejected[0]!.reason).toContain('31.02.2026');
    expect(preview.transactions).toHaveLength(7);
    expect(await snapshot(t.db)).toBe(before);
    expect((await account(owner.client, acct.id)).csvMapping).toBeNull();
  });

  it('imports a CSV with exact totals, saves its mapping, and adds nothing the second time or twice for an overlap', async () => {
    const acct = await newAccount(owner.client);
    const first = await imported(owner.client, acct.id, 'csv-de-2026-01a.csv', { mapping: GERMAN });
    expect(first).toMatchObject({ preview: false, imported: 7, duplicates: 0 });
    expect(first.rejected).toEqual([expect.objectContaining({ line: expect.any(Number) })]);
    let a = await account(owner.client, acct.id);
    expect(a).toMatchObject({
      balance: '413.44',
      unmatchedCount: 7,
      lastStatementDate: '2026-01-14',
    });
    expect(a.csvMapping).toMatchObject({ dateColumn: 'Buchungstag', skipRows: 4 });

    // The same file again, with the saved mapping: nothing added.
    const again = await imported(owner.client, acct.id, 'csv-de-2026-01a.csv');
    expect(again).toMatchObject({ imported: 0, duplicates: 7, needsMapping: false });
    expect(again.transactions.every((tx) => tx.duplicate)).toBe(true);
    // The next statement overlaps 10–14 January: only the new days' lines are added.
    const next = await imported(owner.client, acct.id, 'csv-de-2026-01b.csv');
    expect(next).toMatchObject({
      imported: 3,
      duplicates: 4,
      totalIn: '250.75',
      totalOut: '1503.50',
    });
    a = await account(owner.client, acct.id);
    expect(a).toMatchObject({ balance: '-839.31', transactionCount: 10 });
  });

  it('refuses a file in another currency than the account (422) and saves nothing', async () => {
    const acct = await newAccount(owner.client);
    const before = await snapshot(t.db);
    const res = await upload(owner.client, acct.id, 'ofx1-2026-01.ofx');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(
      'The file is in USD; this account is in EUR. Import it into an account in USD',
    );
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses a file that is no statement (422), and a mapping that is no mapping (400)', async () => {
    const acct = await newAccount(owner.client);
    const res = await upload(owner.client, acct.id, 'notes.txt', {
      data: Buffer.from([0, 1, 2, 3, 4, 5]),
    });
    expect(res.statusCode).toBe(422);
    const bad = await upload(owner.client, acct.id, 'csv-de-2026-01a.csv', {
      mapping: '{"dateColumn":',
    });
    expect(bad.statusCode).toBe(400);
    expect((await account(owner.client, acct.id)).transactionCount).toBe(0);
  });

  it('refuses a statement over 5 MB, like every upload (413), and saves nothing', async () => {
    const acct = await newAccount(owner.client);
    const before = await snapshot(t.db);
    const big = Buffer.alloc(6 * 1024 * 1024, 'Date;Amount\n2026-01-01;1\n');
    const res = await upload(owner.client, acct.id, 'big.csv', { data: big });
    expect(res.statusCode).toBe(413);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('imports a CAMT.053 with batch bookings, and reconciles the month to its closing balance', async () => {
    const acct = await newAccount(owner.client);
    expect(await imported(owner.client, acct.id, 'camt053-2026-01.xml')).toMatchObject({
      format: 'camt053',
      imported: 6,
      statementClosingBalance: { amount: '2382.10', date: '2026-01-31' },
    });
    expect((await account(owner.client, acct.id)).balance).toBe('2382.10');
    const res = await owner.client.get(
      `/api/bank-accounts/${acct.id}/reconciliation?month=2026-01`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      opening: '1000.00',
      closing: '2382.10',
      statementClosingBalance: '2382.10',
      statementClosingDate: '2026-01-31',
      difference: '0.00',
    });
    expect(r.in).not.toBe('0.00');
    expect((await imported(owner.client, acct.id, 'camt053-2026-01.xml')).imported).toBe(0);
  });

  it('imports an MT940 of two statements, and tells a difference to the statement', async () => {
    const acct = await newAccount(owner.client, { openingBalance: '1000' });
    const result = await imported(owner.client, acct.id, 'mt940-2025-12.sta');
    expect(result).toMatchObject({
      format: 'mt940',
      statementClosingBalance: { amount: '57.54', date: '2026-01-05' },
    });
    expect((await account(owner.client, acct.id)).balance).toBe('57.54');
    const december = (
      await owner.client.get(`/api/bank-accounts/${acct.id}/reconciliation?month=2025-12`)
    ).json();
    expect(december).toMatchObject({
      opening: '1000.00',
      // The second statement books on 31 December too (the first closed mid-day).
      closing: '1304.10',
      statementClosingBalance: null,
      difference: null,
    });
    const january = (
      await owner.client.get(`/api/bank-accounts/${acct.id}/reconciliation?month=2026-01`)
    ).json();
    expect(january).toMatchObject({
      opening: '1304.10',
      closing: '57.54',
      statementClosingBalance: '57.54',
      difference: '0.00',
    });
    // An opening balance typed wrong shows as the difference.
    await owner.client.put(`/api/bank-accounts/${acct.id}`, { openingBalance: '990' });
    const off = (
      await owner.client.get(`/api/bank-accounts/${acct.id}/reconciliation?month=2026-01`)
    ).json();
    expect(off.difference).toBe('-10.00');
  });

  it('imports two overlapping OFX statements: the shared FITIDs once', async () => {
    const acct = await newAccount(owner.client, {
      currency: 'USD',
      identifier: '1234567890',
      openingBalance: '3003.50',
    });
    expect((await imported(owner.client, acct.id, 'ofx1-2026-01.ofx')).duplicates).toBe(0);
    expect((await account(owner.client, acct.id)).balance).toBe('5146.51');
    const feb = await imported(owner.client, acct.id, 'ofx2-2026-02.qfx');
    expect(feb.duplicates).toBe(2);
    const r = (
      await owner.client.get(`/api/bank-accounts/${acct.id}/reconciliation?month=2026-02`)
    ).json();
    expect(r).toMatchObject({ statementClosingBalance: '4547.01', difference: '0.00' });
  });

  it('imports 10,000 lines in one go', async () => {
    const acct = await newAccount(owner.client);
    const lines = ['Date;Amount;Text'];
    for (let i = 0; i < 10_000; i += 1) {
      const day = String((i % 28) + 1).padStart(2, '0');
      lines.push(`2026-03-${day};${i % 2 ? '-' : ''}${(i % 97) + 1},25;Line ${i}`);
    }
    const mapping: CsvMapping = {
      dateColumn: 'Date',
      dateFormat: 'yyyy-MM-dd',
      amountColumn: 'Amount',
      descriptionColumn: 'Text',
      decimalSeparator: ',',
      hasHeader: true,
    };
    const result = await imported(owner.client, acct.id, 'big.csv', {
      data: Buffer.from(lines.join('\n')),
      mapping,
    });
    expect(result).toMatchObject({ imported: 10_000, duplicates: 0 });
    expect(result.transactions).toHaveLength(500);
    const list = await owner.client.get(`/api/bank-transactions?accountId=${acct.id}&limit=1`);
    expect(list.headers['x-total-count']).toBe('10000');
    expect(
      (await imported(owner.client, acct.id, 'big.csv', { data: Buffer.from(lines.join('\n')) }))
        .imported,
    ).toBe(0);
  });

  it('imports a file once when two imports of it run at the same time', async () => {
    const acct = await newAccount(owner.client);
    const [a, b] = await Promise.all([
      imported(owner.client, acct.id, 'csv-de-2026-01a.csv', { mapping: GERMAN }),
      imported(owner.client, acct.id, 'csv-de-2026-01a.csv', { mapping: GERMAN }),
    ]);
    expect(a.imported + b.imported).toBe(7);
    expect(a.duplicates + b.duplicates).toBe(7);
    expect((await account(owner.client, acct.id)).transactionCount).toBe(7);
  });
});

describe('bank transactions', () => {
  it('lists with filters, totals per currency, the running balance, and exports CSV', async () => {
    const eur = await newAccount(owner.client, { name: 'Listed EUR' });
    await imported(owner.client, eur.id, 'csv-de-2026-01a.csv', { mapping: GERMAN });
    const usd = await newAccount(owner.client, {
      name: 'Listed USD',
      currency: 'USD',
      openingBalance: '0',
    });
    await imported(owner.client, usd.id, 'ofx1-2026-01.ofx');

    const all = await owner.client.get(`/api/bank-transactions?accountId=${eur.id}&sort=date`);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['x-total-count']).toBe('7');
    expect(all.headers['x-total-amounts']).toBe('EUR -586.56');
    expect(all.headers['x-total-in']).toBe('EUR 1690.00');
    expect(all.headers['x-total-out']).toBe('EUR 2276.56');
    const rows = all.json() as { amount: string; runningBalance: string; bookingDate: string }[];
    expect(rows[0]).toMatchObject({
      bookingDate: '2026-01-02',
      amount: '1190.00',
      runningBalance: '2190.00',
    });
    expect(rows.at(-1)!.runningBalance).toBe('413.44');

    // Filtered, each row still carries the account's balance after it.
    const out = await owner.client.get(
      `/api/bank-transactions?accountId=${eur.id}&direction=out&q=kranzler`,
    );
    expect(out.headers['x-total-count']).toBe('2');
    const coffees = out.json() as { amount: string; runningBalance: string }[];
    expect(coffees.map((c) => c.amount)).toEqual(['-3.50', '-3.50']);
    expect(coffees.map((c) => c.runningBalance)).toEqual(['1363.44', '1366.94']);
    const incoming = await owner.client.get(
      `/api/bank-transactions?accountId=${eur.id}&direction=in&from=2026-01-03&to=2026-01-31`,
    );
    expect((incoming.json() as { amount: string }[]).map((r) => r.amount)).toEqual(['500.00']);

    // Without an account: sums per currency, never added together; no running balance.
    const both = await owner.client.get(`/api/bank-transactions?status=unmatched&q=`);
    const amounts = both.headers['x-total-amounts'] as string;
    expect(amounts).toMatch(/^EUR -?\d+\.\d\d; USD -?\d+\.\d\d$/);
    expect((both.json() as { runningBalance: string | null }[])[0]!.runningBalance).toBeNull();

    const one = rows[0] as unknown as { id: number };
    const read = await owner.client.get(`/api/bank-transactions/${one.id}`);
    expect(read.json()).toMatchObject({
      id: one.id,
      accountName: 'Listed EUR',
      status: 'unmatched',
      counterpartyName: 'Müller & Söhne KG',
    });

    const csv = await owner.client.get(`/api/bank-transactions/export?accountId=${eur.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Booking Date');
    expect(csv.body).toContain('Müller & Söhne KG');
  });

  it('refuses to delete an account with matched transactions; otherwise deletes them with it', async () => {
    const acct = await newAccount(owner.client);
    await imported(owner.client, acct.id, 'csv-de-2026-01a.csv', { mapping: GERMAN });
    const [first] = (
      await owner.client.get(`/api/bank-transactions?accountId=${acct.id}`)
    ).json() as { id: number }[];
    await t.db
      .updateTable('bankTransactions')
      .set({ status: 'matched' })
      .where('id', '=', first!.id)
      .execute();
    expect((await owner.client.delete(`/api/bank-accounts/${acct.id}`)).statusCode).toBe(409);
    await t.db
      .updateTable('bankTransactions')
      .set({ status: 'ignored' })
      .where('id', '=', first!.id)
      .execute();
    expect((await owner.client.delete(`/api/bank-accounts/${acct.id}`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/bank-accounts/${acct.id}`)).statusCode).toBe(404);
    const left = await t.db
      .selectFrom('bankTransactions')
      .select('id')
      .where('accountId', '=', acct.id)
      .execute();
    expect(left).toEqual([]);
  });

  it("never reaches another workspace's accounts or transactions, and its GETs write nothing", async () => {
    const acct = await newAccount(owner.client);
    await imported(owner.client, acct.id, 'camt053-2026-01.xml');
    const [tx] = (await owner.client.get(`/api/bank-transactions?accountId=${acct.id}`)).json() as {
      id: number;
    }[];
    const before = await snapshot(t.db);
    for (const url of [
      `/api/bank-accounts/${acct.id}`,
      `/api/bank-accounts/${acct.id}/reconciliation?month=2026-01`,
      `/api/bank-transactions/${tx!.id}`,
    ])
      expect((await other.client.get(url)).statusCode, url).toBe(404);
    const list = await other.client.get(`/api/bank-transactions?accountId=${acct.id}`);
    expect(list.json()).toEqual([]);
    expect((await other.client.get('/api/bank-accounts')).json()).toEqual([]);
    expect(
      (await other.client.put(`/api/bank-accounts/${acct.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await other.client.delete(`/api/bank-accounts/${acct.id}`)).statusCode).toBe(404);
    expect((await upload(other.client, acct.id, 'camt053-2026-01.xml')).statusCode).toBe(404);
    // The owner's reads change nothing either.
    for (const url of [
      '/api/bank-accounts',
      `/api/bank-accounts/${acct.id}`,
      `/api/bank-accounts/${acct.id}/reconciliation?month=2026-01`,
      `/api/bank-transactions?accountId=${acct.id}`,
      `/api/bank-transactions/${tx!.id}`,
      '/api/bank-transactions/export',
    ])
      expect((await owner.client.get(url)).statusCode, url).toBe(200);
    expect(await snapshot(t.db)).toBe(before);
  });
});
