import { XMLValidator } from 'fast-xml-parser';
import type {
  ParsedStatement,
  RejectedLine,
  StatementBalance,
  StatementTransaction,
} from '../../../../shared/banking.schema.ts';
import { compareAmounts, sumAmounts } from '../../../../shared/invoice-math.ts';
import { minorDigits } from '../../../../shared/currencies.ts';
import {
  LineError,
  StatementFileError,
  cleanText,
  currencyCode,
  ibanOrNull,
  isoDatePrefix,
  lineCounter,
  reasonOf,
  signedAmount,
} from './common.ts';
import { all, attr, one, parseXml, textAt, type XmlNode } from '../../../xml.ts';

/**
 * CAMT.053 (ISO 20022 BankToCustomerStatement, versions 02 to 13): one statement per Stmt,
 * one transaction per booked Ntry, or one per TxDtls of a batch booking whose details carry
 * their own amounts. Elements are found by local name, so any namespace prefix reads.
 */

type Node = XmlNode;

/** A date element's day: Dt, or DtTm read as the bank wrote it. */
function dateOf(node: unknown): string | null {
  return isoDatePrefix(textAt(node, 'Dt') ?? textAt(node, 'DtTm'));
}

/** "Amt Ccy=EUR" with its CdtDbtInd as a signed amount in that currency. */
function amountOf(holder: Node | undefined, indicator: string | null, fallbackCurrency?: string) {
  const amt = one(holder, 'Amt');
  const raw = textAt(holder, 'Amt');
  if (!amt || raw === null) throw new LineError('The amount is missing');
  const currency = currencyCode(attr(amt, 'Ccy') ?? fallbackCurrency);
  if (indicator !== 'CRDT' && indicator !== 'DBIT')
    throw new LineError(
      `Credit/debit indicator ${indicator ?? '(missing)'} is neither CRDT nor DBIT`,
    );
  return { amount: signedAmount(raw, indicator === 'DBIT', currency), currency };
}

function balanceOf(stmt: Node, codes: string[]): StatementBalance | null {
  for (const code of codes) {
    const bal = all(stmt, 'Bal').find(
      (b) => (textAt(b, 'Tp', 'CdOrPrtry', 'Cd') ?? textAt(b, 'Tp', 'CdOrPrtry', 'Prtry')) === code,
    );
    if (!bal) continue;
    try {
      const { amount } = amountOf(bal, textAt(bal, 'CdtDbtInd'));
      return { amount, date: dateOf(one(bal, 'Dt')) };
    } catch {
      return null;
    }
  }
  return null;
}

/** A party's name: Nm directly (v02–v07) or under Pty (v08 on). */
const partyName = (party: Node | undefined) => textAt(party, 'Nm') ?? textAt(party, 'Pty', 'Nm');

/** The amount a TxDtls gives in the account's currency, or null when it gives none. */
function detailAmount(tx: Node): { raw: string; currency: string | null } | null {
  for (const path of [['Amt'], ['AmtDtls', 'TxAmt', 'Amt']]) {
    const raw = textAt(tx, ...path);
    if (raw !== null) return { raw, currency: attr(one(tx, ...path), 'Ccy') };
  }
  return null;
}

const NOT_PROVIDED = /^NOTPROVIDED$/i;

/** A reference, unless it is the placeholder banks write when there is none. */
function realReference(value: string | null): string | null {
  return value && !NOT_PROVIDED.test(value) ? value : null;
}

interface EntryContext {
  bookingDate: string;
  valueDate: string | null;
  currency: string;
  negative: boolean;
  bankTransactionId: string | null;
  bankCode: string | null;
  additionalInfo: string | null;
}

/** The transaction one TxDtls (or an entry without details) describes. */
function transactionOf(
  entry: EntryContext,
  tx: Node | undefined,
  amount: string,
  line: number,
  bankTransactionId: string | null,
): StatementTransaction {
  const parties = one(tx, 'RltdPties');
  // The counterparty is whoever is not this account: the debtor of money in, the creditor of money out.
  const side = entry.negative ? 'Cdtr' : 'Dbtr';
  const remittance = all(one(tx, 'RmtInf'), 'Ustrd')
    .map((u) => String(u['#text'] ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const structured =
    textAt(tx, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref') ??
    textAt(tx, 'RmtInf', 'Strd', 'AddtlRmtInf');
  return {
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    amount,
    currency: entry.currency,
    counterpartyName: cleanText(partyName(one(parties, side))),
    counterpartyIban: ibanOrNull(textAt(parties, `${side}Acct`, 'Id', 'IBAN')),
    remittance: cleanText(remittance) ?? entry.additionalInfo,
    reference: cleanText(structured) ?? realReference(textAt(tx, 'Refs', 'EndToEndId')),
    bankTransactionId,
    bankCode: entry.bankCode,
    line,
  };
}

/**
 * The transactions of one booked entry. A batch booking (several TxDtls) splits into one
 * transaction per TxDtls when every one of them gives an amount in the entry's currency and
 * together they make the entry's amount; otherwise the entry stays one transaction, so that
 * the amounts always add up to what the bank booked.
 */
function entryTransactions(
  entry: Node,
  lineOf: () => number,
  txLines: () => number,
): StatementTransaction[] {
  const line = lineOf();
  const details = all(entry, 'NtryDtls').flatMap((d) => all(d, 'TxDtls'));
  const detailLines = details.map(() => txLines());
  const status = textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');
  if (status && status !== 'BOOK')
    throw new LineError(
      `Entry ${status === 'PDNG' ? 'is pending' : `has status ${status}`}, not booked`,
    );
  const { amount, currency } = amountOf(entry, textAt(entry, 'CdtDbtInd'));
  const bookingDate = dateOf(one(entry, 'BookgDt')) ?? dateOf(one(entry, 'ValDt'));
  if (!bookingDate) throw new LineError('The booking date is missing or not a date');
  const context: EntryContext = {
    bookingDate,
    valueDate: dateOf(one(entry, 'ValDt')),
    currency,
    negative: amount.startsWith('-'),
    bankTransactionId: textAt(entry, 'AcctSvcrRef') ?? textAt(entry, 'NtryRef'),
    bankCode:
      textAt(entry, 'BkTxCd', 'Prtry', 'Cd') ??
      ([
        textAt(entry, 'BkTxCd', 'Domn', 'Cd'),
        textAt(entry, 'BkTxCd', 'Domn', 'Fmly', 'Cd'),
        textAt(entry, 'BkTxCd', 'Domn', 'Fmly', 'SubFmlyCd'),
      ]
        .filter(Boolean)
        .join('-') ||
        null),
    additionalInfo: cleanText(textAt(entry, 'AddtlNtryInf')),
  };
  if (details.length > 1) {
    const digits = minorDigits(currency);
    const parts = details.map((tx) => {
      const given = detailAmount(tx);
      if (!given || (given.currency !== null && given.currency !== currency)) return null;
      const indicator = textAt(tx, 'CdtDbtInd');
      const negative = indicator ? indicator === 'DBIT' : context.negative;
      try {
        return signedAmount(given.raw, negative, currency);
      } catch {
        return null;
      }
    });
    if (
      parts.every((p) => p !== null) &&
      compareAmounts(sumAmounts(parts as string[], digits), amount) === 0
    ) {
      return details.map((tx, i) =>
        transactionOf(
          { ...context, negative: parts[i]!.startsWith('-') },
          tx,
          parts[i]!,
          detailLines[i]!,
          textAt(tx, 'Refs', 'AcctSvcrRef') ??
            (context.bankTransactionId ? `${context.bankTransactionId}/${i + 1}` : null),
        ),
      );
    }
    return [transactionOf(context, undefined, amount, line, context.bankTransactionId)];
  }
  const tx = details[0];
  return [
    transactionOf(
      context,
      tx,
      amount,
      line,
      context.bankTransactionId ?? (tx ? textAt(tx, 'Refs', 'AcctSvcrRef') : null),
    ),
  ];
}

/** Offsets of an element's start tags, any prefix, in document order. */
function tagOffsets(text: string, name: string): number[] {
  const offsets: number[] = [];
  const pattern = new RegExp(`<(?:[\\w.-]+:)?${name}[\\s>/]`, 'g');
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) offsets.push(m.index);
  return offsets;
}

export function parseCamt053(text: string): {
  statements: ParsedStatement[];
  rejected: RejectedLine[];
} {
  if (/<!DOCTYPE/i.test(text)) throw new StatementFileError('A CAMT.053 file has no DOCTYPE');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw new StatementFileError(
      `The XML is broken at line ${valid.err.line}: ${valid.err.msg.replace(/\.$/, '')}`,
    );
  let root: Node;
  try {
    root = parseXml(text);
  } catch (error) {
    // The validator lets a few broken processing instructions through that the parser refuses.
    throw new StatementFileError(
      `The XML is broken: ${(error as Error).message.replace(/\.$/, '')}`,
    );
  }
  const document = one(root, 'Document');
  if (one(document, 'BkToCstmrAcctRpt'))
    throw new StatementFileError('This is a CAMT.052 account report, not a CAMT.053 statement');
  if (one(document, 'BkToCstmrDbtCdtNtfctn'))
    throw new StatementFileError('This is a CAMT.054 notification, not a CAMT.053 statement');
  const message = one(document, 'BkToCstmrStmt');
  if (!message) throw new StatementFileError('The XML has no CAMT.053 statement (BkToCstmrStmt)');

  // The parser gives no positions: the n-th Ntry start tag is the n-th entry.
  const lineAt = lineCounter(text);
  const entryLines = tagOffsets(text, 'Ntry').map(lineAt);
  const txLines = tagOffsets(text, 'TxDtls').map(lineAt);
  let entryIndex = 0;
  let txIndex = 0;
  const nextEntryLine = () => entryLines[entryIndex++] ?? entryIndex;
  const nextTxLine = () => txLines[txIndex++] ?? txIndex;

  const rejected: RejectedLine[] = [];
  const statements = all(message, 'Stmt').map((stmt): ParsedStatement => {
    const acct = one(stmt, 'Acct');
    const transactions: StatementTransaction[] = [];
    for (const entry of all(stmt, 'Ntry')) {
      const startEntry = entryIndex;
      const startTx = txIndex;
      try {
        transactions.push(...entryTransactions(entry, nextEntryLine, nextTxLine));
      } catch (error) {
        const reason = reasonOf(error);
        // Keep the line counters in step with the entries whatever was read before the error.
        entryIndex = startEntry + 1;
        const detailCount = all(entry, 'NtryDtls').flatMap((d) => all(d, 'TxDtls')).length;
        txIndex = startTx + detailCount;
        rejected.push({ line: entryLines[startEntry] ?? startEntry + 1, reason });
      }
    }
    let currency: string | null = null;
    try {
      currency = currencyCode(textAt(acct, 'Ccy') ?? attr(one(all(stmt, 'Bal')[0], 'Amt'), 'Ccy'));
    } catch {
      currency = transactions[0]?.currency ?? null;
    }
    return {
      accountIdentifier: ibanOrNull(textAt(acct, 'Id', 'IBAN')) ?? textAt(acct, 'Id', 'Othr', 'Id'),
      statementId: textAt(stmt, 'Id'),
      currency,
      openingBalance: balanceOf(stmt, ['OPBD', 'PRCD']),
      closingBalance: balanceOf(stmt, ['CLBD']),
      periodStart: isoDatePrefix(
        textAt(stmt, 'FrToDt', 'FrDtTm') ?? textAt(stmt, 'FrToDt', 'FrDt'),
      ),
      periodEnd: isoDatePrefix(textAt(stmt, 'FrToDt', 'ToDtTm') ?? textAt(stmt, 'FrToDt', 'ToDt')),
      transactions,
    };
  });
  if (statements.length === 0) throw new StatementFileError('The CAMT.053 file has no statement');
  return { statements, rejected };
}
