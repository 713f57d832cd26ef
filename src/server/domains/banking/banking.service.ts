import { TRPCError } from '@trpc/server';
import {
  CsvMappingSchema,
  type BankAccountInput,
  type BankAccountUpdate,
  type BankImportResult,
  type CsvMapping,
  type ParsedStatementFile,
  type StatementBalance,
} from '../../../shared/banking.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { addAmounts } from '../../../shared/invoice-math.ts';
import { fitsCurrency } from '../../../shared/money.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as repo from './banking.repository.ts';
import { applyRulesTo } from './banking-rules.service.ts';
import {
  allTransactions,
  detectFormat,
  guessCsvMapping,
  keyTransactions,
  parseStatementFile,
  readCsvPreview,
  StatementFileError,
} from './statements/index.ts';
import { decodeText } from './statements/common.ts';

export const ACCOUNT_NOT_FOUND = 'Bank account not found';
export const TRANSACTION_NOT_FOUND = 'Bank transaction not found';

const notFound = (message = ACCOUNT_NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const unprocessable = (message: string) =>
  new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message });

/** At most this many transactions travel in an import's answer (a preview's table). */
const ANSWERED_ROWS = 500;

function checkOpeningBalance(openingBalance: string | undefined, currency: string) {
  if (openingBalance === undefined) return;
  if (!fitsCurrency(openingBalance.replace(/^-/, ''), currency)) {
    const digits = minorDigits(currency);
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${currency} amounts have ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`}`,
    });
  }
}

export async function createAccount(scope: WorkspaceScope, input: BankAccountInput) {
  checkOpeningBalance(input.openingBalance, input.currency);
  const id = await repo.insertAccount(scope.db, scope.workspace.id, scope.user.id, input);
  return (await repo.findAccount(scope.db, scope.workspace.id, id))!;
}

/**
 * Changes what is sent. The currency stays once the account holds transactions: they are in
 * it, and money in two currencies is never summed.
 */
export async function updateAccount(scope: WorkspaceScope, input: BankAccountUpdate) {
  const { db, workspace } = scope;
  const account = await repo.findAccount(db, workspace.id, input.id);
  if (!account) throw notFound();
  const currency = input.currency ?? account.currency;
  if (input.currency !== undefined && input.currency !== account.currency) {
    if (account.transactionCount > 0)
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'The currency of an account with transactions cannot change',
      });
  }
  checkOpeningBalance(
    input.openingBalance ?? (input.currency ? account.openingBalance : undefined),
    currency,
  );
  const { id, ...values } = input;
  await repo.updateAccount(db, workspace.id, id, values);
  return (await repo.findAccount(db, workspace.id, id))!;
}

/** Refused while a transaction is matched (its payment or expense would lose its bank line). */
export async function deleteAccount(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  return db.transaction().execute(async (trx) => {
    const account = await repo.accountForImport(trx, workspace.id, id);
    if (!account) throw notFound();
    if ((await repo.countTransactions(trx, workspace.id, id, 'matched')) > 0)
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'This account has matched transactions; unmatch them before deleting it',
      });
    await repo.deleteAccount(trx, workspace.id, id);
    return { success: true as const };
  });
}

export async function getAccount(scope: WorkspaceScope, id: number) {
  const account = await repo.findAccount(scope.db, scope.workspace.id, id);
  if (!account) throw notFound();
  return account;
}

export async function getTransaction(scope: WorkspaceScope, id: number) {
  const tx = await repo.findTransaction(scope.db, scope.workspace.id, id);
  if (!tx) throw notFound(TRANSACTION_NOT_FOUND);
  return tx;
}

export async function reconciliation(scope: WorkspaceScope, id: number, month: string) {
  const account = await getAccount(scope, id);
  return repo.reconciliation(scope.db, scope.workspace.id, account, month);
}

export interface StatementUpload {
  data: Buffer;
  fileName: string | null;
  /** The mapping field's text (JSON), when sent. */
  mapping: string | null;
  preview: boolean;
}

/** The mapping field's JSON, read and checked: a 400 with the first problem otherwise. */
function mappingOf(text: string | null): CsvMapping | null {
  if (text === null || text.trim() === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The mapping is not valid JSON' });
  }
  const parsed = CsvMappingSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Mapping: ${issue?.path.join('.') || 'mapping'}: ${issue?.message ?? 'invalid'}`,
    });
  }
  return parsed.data;
}

/** What the parsers read; a file that is no statement is a 422 with their reason. */
function readable<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementFileError) throw unprocessable(error.message);
    throw error;
  }
}

/** The statement of the file that closes last (its closing balance and day), if any states one. */
function closingBalanceOf(file: ParsedStatementFile): StatementBalance | null {
  let closing: StatementBalance | null = null;
  for (const statement of file.statements) {
    const balance = statement.closingBalance;
    if (!balance) continue;
    if (!closing || (balance.date ?? '') >= (closing.date ?? '')) closing = balance;
  }
  return closing;
}

/** Why a file cannot go into this account: another currency (422), or nothing. */
function currencyProblem(file: ParsedStatementFile, currency: string): string | null {
  const currencies = new Set<string>();
  for (const statement of file.statements) {
    if (statement.currency) currencies.add(statement.currency);
    for (const tx of statement.transactions) currencies.add(tx.currency);
  }
  const other = [...currencies].filter((c) => c !== currency).sort();
  if (other.length === 0) return null;
  return `The file is in ${other.join(', ')}; this account is in ${currency}. Import it into an account in ${other[0]}`;
}

/**
 * A statement file into an account: read (any of the four formats), checked (its currency is
 * the account's), keyed, and saved in one database transaction, skipping every transaction
 * the account holds already (by dedupe key, `on conflict do nothing`: two imports of one
 * file at once save it once). A preview reads and answers without saving anything. A CSV
 * file without a mapping (sent or saved on the account) answers the guessed mapping and its
 * first rows, and imports nothing.
 */
export async function importStatement(
  scope: WorkspaceScope,
  accountId: number,
  upload: StatementUpload,
): Promise<BankImportResult> {
  const { db, workspace, user } = scope;
  const account = await repo.accountForImport(db, workspace.id, accountId);
  if (!account) throw notFound();
  const sentMapping = mappingOf(upload.mapping);
  const format = readable(() => detectFormat(upload.data, upload.fileName ?? undefined));
  const empty = {
    preview: upload.preview,
    format,
    importId: null,
    imported: 0,
    duplicates: 0,
    rejected: [],
    transactions: [],
    totalIn: '0',
    totalOut: '0',
    statementClosingBalance: null,
    csvMapping: null,
    csvMappingMissing: [],
    csvPreview: null,
    needsMapping: false,
  } satisfies BankImportResult;

  let mapping: CsvMapping | null = null;
  let csvPreview: BankImportResult['csvPreview'] = null;
  let csvMappingMissing: string[] = [];
  if (format === 'csv') {
    const text = decodeText(upload.data).replace(/^\uFEFF/, '');
    csvPreview = readCsvPreview(text);
    const saved = account.csvMapping ? CsvMappingSchema.safeParse(account.csvMapping) : null;
    mapping = sentMapping ?? (saved?.success ? saved.data : null);
    if (!mapping) {
      const guess = guessCsvMapping(csvPreview.headerRow, csvPreview.sampleRows);
      return {
        ...empty,
        preview: true,
        csvMapping: { ...guess.mapping, skipRows: csvPreview.skipRows },
        csvMappingMissing: guess.missing,
        csvPreview,
        needsMapping: true,
      };
    }
    csvMappingMissing = [];
  }

  const file = readable(() =>
    parseStatementFile(upload.data, {
      fileName: upload.fileName ?? undefined,
      format,
      csvMapping: mapping ?? undefined,
      currency: account.currency,
    }),
  );
  const problem = currencyProblem(file, account.currency);
  if (problem) throw unprocessable(problem);

  const keyed = keyTransactions(accountId, allTransactions(file));
  const closing = closingBalanceOf(file);
  const digits = minorDigits(account.currency);
  const answer = (isNew: (key: string) => boolean, importId: number | null) => {
    const fresh = keyed.filter((tx) => isNew(tx.dedupeKey));
    let totalIn = '0';
    let totalOut = '0';
    for (const tx of fresh) {
      if (tx.amount.startsWith('-')) totalOut = addAmounts(totalOut, tx.amount.slice(1), digits);
      else totalIn = addAmounts(totalIn, tx.amount, digits);
    }
    return {
      ...empty,
      preview: upload.preview,
      format: file.format,
      importId,
      imported: fresh.length,
      duplicates: keyed.length - fresh.length,
      rejected: file.rejected,
      transactions: keyed.slice(0, ANSWERED_ROWS).map((tx) => ({
        bookingDate: tx.bookingDate,
        valueDate: tx.valueDate,
        amount: tx.amount,
        currency: tx.currency,
        counterpartyName: tx.counterpartyName,
        counterpartyIban: tx.counterpartyIban,
        remittance: tx.remittance,
        reference: tx.reference,
        bankTransactionId: tx.bankTransactionId,
        bankCode: tx.bankCode,
        line: tx.line,
        dedupeKey: tx.dedupeKey,
        duplicate: !isNew(tx.dedupeKey),
      })),
      totalIn: addAmounts(totalIn, '0', digits),
      totalOut: addAmounts(totalOut, '0', digits),
      statementClosingBalance: closing,
      csvMapping: mapping as Record<string, unknown> | null,
      csvMappingMissing,
      csvPreview,
    } satisfies BankImportResult;
  };

  if (upload.preview) {
    const existing = await repo.existingKeys(
      db,
      workspace.id,
      accountId,
      keyed.map((tx) => tx.dedupeKey),
    );
    return answer((key) => !existing.has(key), null);
  }

  return db.transaction().execute(async (trx) => {
    const importId = await repo.insertImport(trx, workspace.id, {
      accountId,
      fileName: upload.fileName,
      format: file.format,
      rejectedCount: file.rejected.length,
      statementClosingBalance: closing?.amount ?? null,
      statementClosingDate: closing?.date ?? null,
      importedBy: user.id,
    });
    const saved = await repo.insertTransactions(trx, workspace.id, accountId, importId, keyed);
    // The workspace's bank rules, in order, on the lines this import saved.
    await applyRulesTo(trx, workspace.id, { importId });
    await repo.setImportCounts(trx, workspace.id, importId, {
      importedCount: saved.size,
      duplicateCount: keyed.length - saved.size,
    });
    if (sentMapping)
      await repo.updateAccount(trx, workspace.id, accountId, { csvMapping: sentMapping });
    return answer((key) => saved.has(key), importId);
  });
}
