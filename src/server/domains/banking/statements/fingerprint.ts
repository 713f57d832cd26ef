import { createHash } from 'node:crypto';
import type { StatementTransaction } from '../../../../shared/banking.schema.ts';

/**
 * Duplicate detection for imports: every transaction gets a key that is the same each time
 * the same money movement is read, from this file or from another statement that overlaps
 * it, and different for two movements. The import saves a transaction only when its
 * account has no transaction with that key yet.
 *
 * The bank's own id (OFX FITID, CAMT AcctSvcrRef, MT940 bank reference) is the best key when
 * the file has one. Otherwise the key is a fingerprint of what the bank shows: account,
 * booking date, amount, reference and remittance text, and the occurrence count of that
 * same tuple in the file. The count is what tells the two cases apart that a hash of the
 * tuple alone confuses: two identical 3.50 coffees on one day are two lines of one file, so
 * they get occurrences 1 and 2 and two keys, and both are saved; the same file imported
 * again (or a later statement that covers that day too) holds the same two lines again,
 * with the same occurrences 1 and 2, so both are recognised and nothing is added.
 *
 * Limits, by design:
 * - A file that covers a day only in part (an export cut at noon) can count a repeated tuple
 *   differently from one that covers the whole day. Statements and the usual date-range
 *   exports cover whole days.
 * - Keys are stable per format: the same movement read from a CAMT.053 and from the same
 *   bank's MT940 or CSV has other ids and other texts, so an account should keep importing
 *   one format (the import can warn when a file's format differs from the account's last).
 */

/** The text that identifies a transaction's purpose: reference and remittance, spaces folded. */
function purposeOf(tx: StatementTransaction): string {
  const fold = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return `${fold(tx.reference)}\n${fold(tx.remittance)}`;
}

/** The tuple a fingerprint hashes, before the occurrence count. */
function tupleOf(accountId: string | number, tx: StatementTransaction): string {
  return JSON.stringify([String(accountId), tx.bookingDate, tx.amount, tx.currency, purposeOf(tx)]);
}

/**
 * A SHA-256 (hex) of account, booking date, amount, currency, reference/remittance and
 * `occurrence`: this tuple's 1-based count among the file's transactions so far.
 */
export function fingerprint(
  accountId: string | number,
  tx: StatementTransaction,
  occurrence: number,
): string {
  return createHash('sha256')
    .update(`${tupleOf(accountId, tx)}#${occurrence}`)
    .digest('hex');
}

export interface KeyedTransaction extends StatementTransaction {
  /** The tuple's 1-based count among the file's transactions up to this one. */
  occurrence: number;
  fingerprint: string;
  /** The key the import deduplicates on: `bank:<id>` when the bank gave one, else `fp:<fingerprint>`. */
  dedupeKey: string;
}

/** `bank:` and the bank's id when the file gives one, else `fp:` and the fingerprint. */
export function dedupeKey(tx: StatementTransaction & { fingerprint: string }): string {
  const id = tx.bankTransactionId?.trim();
  return id ? `bank:${id}` : `fp:${tx.fingerprint}`;
}

/**
 * The file's transactions, in file order, with their occurrence, fingerprint and dedupe key.
 * A bank id that appears twice in one file is not an id of one movement: the second and
 * later ones get `#2`, `#3`… so that neither is taken for a duplicate of the other.
 */
export function keyTransactions(
  accountId: string | number,
  transactions: readonly StatementTransaction[],
): KeyedTransaction[] {
  const tuples = new Map<string, number>();
  const ids = new Map<string, number>();
  return transactions.map((tx) => {
    const tuple = tupleOf(accountId, tx);
    const occurrence = (tuples.get(tuple) ?? 0) + 1;
    tuples.set(tuple, occurrence);
    const keyed = { ...tx, occurrence, fingerprint: fingerprint(accountId, tx, occurrence) };
    let key = dedupeKey(keyed);
    if (key.startsWith('bank:')) {
      const seen = (ids.get(key) ?? 0) + 1;
      ids.set(key, seen);
      if (seen > 1) key = `${key}#${seen}`;
    }
    return { ...keyed, dedupeKey: key };
  });
}
