import type {
  ParsedStatement,
  RejectedLine,
  StatementBalance,
  StatementTransaction,
} from '../../../../shared/banking.schema.ts';
import {
  LineError,
  StatementFileError,
  cleanText,
  currencyCode,
  ibanOrNull,
  isoDate,
  reasonOf,
  signedAmount,
} from './common.ts';

/**
 * MT940 (SWIFT customer statement, and the German banks' variant of it): :20: reference,
 * :25: account, :28C: number, :60F:/:60M: opening balance, :61: one line per transaction
 * with :86: details after it, :62F:/:62M: closing balance. A statement the bank split over
 * several messages (:62M: … :60M:) is read as one.
 */

interface Field {
  tag: string;
  value: string;
  line: number;
}

/** The file's fields in order; a line that does not start a field continues the previous one. */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    // SWIFT envelopes: {1:…}{2:…}{4: before the text block, -} after it.
    const line = raw
      .replace(/^\{[1-3]:[^}]*\}(\{[1-3]:(\{[^}]*\}|[^}])*\})*/, '')
      .replace(/^\{4:/, '');
    if (/^-\}?\s*$/.test(line) || /^\{5:/.test(line)) {
      fields.push({ tag: '-', value: '', line: index + 1 });
      return;
    }
    const start = /^:(\d\d[A-Z]?):(.*)$/.exec(line);
    if (start) fields.push({ tag: start[1]!, value: start[2]!, line: index + 1 });
    else if (fields.length > 0 && line.trim() !== '' && fields.at(-1)!.tag !== '-')
      fields.at(-1)!.value += `\n${line}`;
  });
  return fields;
}

/** YYMMDD, with the SWIFT window: 80–99 are the 1900s. */
function dateYYMMDD(text: string): string | null {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(text);
  if (!m) return null;
  const yy = Number(m[1]);
  return isoDate(yy >= 80 ? 1900 + yy : 2000 + yy, Number(m[2]), Number(m[3]));
}

/**
 * The entry date MMDD of a :61: line, in the year that puts it nearest its value date: value
 * 31 December 2025 with entry 0102 was booked on 2 January 2026, value 2 January with entry
 * 1231 on 31 December of the year before.
 */
function entryDate(valueDate: string, mmdd: string): string | null {
  const year = Number(valueDate.slice(0, 4));
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  const value = Date.parse(valueDate);
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidateYear of [year - 1, year, year + 1]) {
    const candidate = isoDate(candidateYear, month, day);
    if (!candidate) continue;
    const distance = Math.abs(Date.parse(candidate) - value);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** A balance field (:60F:, :62F: …): C/D, YYMMDD, currency, amount with a decimal comma. */
function balanceOf(value: string): StatementBalance & { currency: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})([\d,]+)\s*$/.exec(value.trim());
  if (!m) throw new LineError(`Balance ${value.trim()} is not a balance`);
  const currency = currencyCode(m[3]);
  return {
    amount: signedAmount(commaAmount(m[4]!), m[1] === 'D', currency),
    date: dateYYMMDD(m[2]!),
    currency,
  };
}

/** "1234,5" → "1234.5": MT940 amounts have a decimal comma and nothing else. */
function commaAmount(text: string): string {
  if (!/^\d+,\d*$/.test(text) && !/^\d+$/.test(text))
    throw new LineError(`Amount ${text} is not an MT940 amount`);
  return text.replace(',', '.').replace(/\.$/, '');
}

const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([A-Z][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;

interface StatementLine {
  valueDate: string;
  bookingDate: string;
  amount: string;
  bankCode: string;
  customerReference: string | null;
  bankReference: string | null;
  supplementary: string | null;
}

/** A :61: field. RC and RD (reversals) are a credit and a debit, as they move the balance. */
function statementLineOf(value: string, currency: string): StatementLine {
  const m = STATEMENT_LINE.exec(value.trim());
  if (!m) throw new LineError(`:61: ${value.split('\n')[0]!.trim()} is not a statement line`);
  const valueDate = dateYYMMDD(m[1]!);
  if (!valueDate) throw new LineError(`Value date ${m[1]} is not a date`);
  const bookingDate = m[2] ? entryDate(valueDate, m[2]) : valueDate;
  if (!bookingDate) throw new LineError(`Entry date ${m[2]} is not a date`);
  const negative = m[3] === 'D' || m[3] === 'RD';
  const customer = m[7]!.trim();
  const bank = (m[8] ?? '').trim();
  return {
    valueDate,
    bookingDate,
    amount: signedAmount(commaAmount(m[5]!), negative, currency),
    bankCode: m[6]!,
    customerReference: customer && !/^NONREF$/i.test(customer) ? customer : null,
    bankReference: bank && !/^NONREF$/i.test(bank) ? bank : null,
    supplementary: cleanText(m[9]),
  };
}

interface Details {
  bankCode: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
  reference: string | null;
}

/**
 * Lines of a German :86: subfield group joined: a full 27-character line was cut by the bank
 * wherever it ended (even inside a word), a shorter one ended where its text did.
 */
function joinLines(parts: string[]): string {
  let text = '';
  let previous = '';
  for (const part of parts) {
    if (text && previous.length < 27 && !text.endsWith(' ') && !part.startsWith(' ')) text += ' ';
    text += part;
    previous = part;
  }
  return text;
}

const SEPA_KEYS = ['EREF', 'KREF', 'MREF', 'CRED', 'DEBT', 'COAM', 'OAMT', 'SVWZ', 'ABWA', 'ABWE'];

/** "EREF+RE-2026-0042 SVWZ+Invoice RE-2026-0042" → the SEPA fields of a German remittance. */
function sepaFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const pattern = new RegExp(`(${SEPA_KEYS.join('|')})\\+`, 'g');
  const marks = [...text.matchAll(pattern)];
  marks.forEach((mark, i) => {
    const start = mark.index + mark[0].length;
    const end = i + 1 < marks.length ? marks[i + 1]!.index : text.length;
    fields.set(mark[1]!, text.slice(start, end).trim());
  });
  return fields;
}

/**
 * A :86: field: German structured (a 3-digit business code, then ?NN subfields: ?00 booking
 * text, ?20–?29 and ?60–?63 purpose, ?30 bank code, ?31 account, ?32–?33 name), or free text.
 */
function detailsOf(value: string): Details {
  const flat = value.replace(/\r?\n/g, '');
  const structured = /^(\d{3})([?/|@#])(\d\d)/.exec(flat);
  if (!structured) {
    return {
      bankCode: null,
      counterpartyName: null,
      counterpartyIban: null,
      remittance: cleanText(value),
      reference: null,
    };
  }
  const separator = structured[2]!;
  const sub = new Map<number, string[]>();
  for (const chunk of flat.slice(3).split(separator).slice(1)) {
    const code = Number(chunk.slice(0, 2));
    if (!Number.isInteger(code)) continue;
    sub.set(code, [...(sub.get(code) ?? []), chunk.slice(2)]);
  }
  const range = (from: number, to: number) => {
    const parts: string[] = [];
    for (let code = from; code <= to; code++) parts.push(...(sub.get(code) ?? []));
    return parts;
  };
  const purpose = joinLines([...range(20, 29), ...range(60, 63)]);
  const sepa = sepaFields(purpose);
  const eref = sepa.get('EREF');
  return {
    bankCode: cleanText(sub.get(0)?.join(' ')) ?? structured[1]!,
    counterpartyName: cleanText(joinLines(range(32, 33))),
    counterpartyIban: ibanOrNull(sub.get(31)?.join('')),
    remittance:
      cleanText(sepa.size > 0 ? (sepa.get('SVWZ') ?? null) : purpose) ?? cleanText(purpose),
    reference: eref && !/^NOTPROVIDED$/i.test(eref) ? cleanText(eref) : null,
  };
}

interface Building {
  statement: ParsedStatement;
  continues: boolean;
}

export function parseMt940(text: string): {
  statements: ParsedStatement[];
  rejected: RejectedLine[];
} {
  const fields = fieldsOf(text);
  if (!fields.some((f) => f.tag === '61' || f.tag === '60F' || f.tag === '60M'))
    throw new StatementFileError('The MT940 file has no statement');
  const statements: ParsedStatement[] = [];
  const rejected: RejectedLine[] = [];
  let current = null as Building | null;
  let pending = null as { tx: StatementTransaction } | null;

  const close = () => {
    if (current && !current.continues) statements.push(current.statement);
    pending = null;
  };

  for (const field of fields) {
    try {
      switch (field.tag) {
        case '20': {
          if (current && !current.continues) close();
          const previous: Building | null = current?.continues ? current : null;
          current = previous ?? {
            statement: {
              accountIdentifier: null,
              statementId: cleanText(field.value),
              currency: null,
              openingBalance: null,
              closingBalance: null,
              periodStart: null,
              periodEnd: null,
              transactions: [],
            },
            continues: false,
          };
          pending = null;
          break;
        }
        case '25': {
          if (!current) break;
          const account = field.value.trim();
          current.statement.accountIdentifier ??=
            ibanOrNull(account) ?? ibanOrNull(account.replace(/[A-Z]{3}$/, '')) ?? account;
          break;
        }
        case '60F':
        case '60M': {
          if (!current) throw new LineError('A balance before the statement’s :20:');
          const balance = balanceOf(field.value);
          current.statement.currency ??= balance.currency;
          current.statement.openingBalance ??= { amount: balance.amount, date: balance.date };
          current.statement.periodStart ??= balance.date;
          current.continues = false;
          break;
        }
        case '61': {
          // An :86: after a refused :61: belongs to it, and is dropped with it.
          pending = null;
          if (!current?.statement.currency)
            throw new LineError('A :61: line before the opening balance gives its currency');
          const line = statementLineOf(field.value, current.statement.currency);
          const tx: StatementTransaction = {
            bookingDate: line.bookingDate,
            valueDate: line.valueDate,
            amount: line.amount,
            currency: current.statement.currency,
            counterpartyName: null,
            counterpartyIban: null,
            remittance: line.supplementary,
            reference: line.customerReference,
            bankTransactionId: line.bankReference,
            bankCode: line.bankCode,
            line: field.line,
          };
          current.statement.transactions.push(tx);
          pending = { tx };
          break;
        }
        case '86': {
          const target = pending;
          // Without a :61: just before, it is the statement's own information: not a transaction's.
          if (!target) break;
          const details = detailsOf(field.value);
          const tx = target.tx;
          tx.counterpartyName = details.counterpartyName;
          tx.counterpartyIban = details.counterpartyIban;
          tx.remittance = details.remittance ?? tx.remittance;
          tx.reference = details.reference ?? tx.reference;
          if (details.bankCode) tx.bankCode = `${tx.bankCode} ${details.bankCode}`;
          pending = null;
          break;
        }
        case '62F':
        case '62M': {
          pending = null;
          if (!current) break;
          const balance = balanceOf(field.value);
          current.statement.closingBalance = { amount: balance.amount, date: balance.date };
          current.statement.periodEnd = balance.date;
          current.continues = field.tag === '62M';
          break;
        }
        case '-':
          if (current && !current.continues) {
            close();
            current = null;
          }
          break;
        case '28C':
        case '28': {
          pending = null;
          // The statement number (00001/001) names a statement better than :20:, which many
          // banks fill with the same word (STARTUMS) in every file. A continuation keeps the first.
          if (
            current &&
            current.statement.transactions.length === 0 &&
            !current.statement.openingBalance
          )
            current.statement.statementId = cleanText(field.value) ?? current.statement.statementId;
          break;
        }
        default:
          // :64:, :65: and the rest carry nothing a transaction needs.
          pending = null;
      }
    } catch (error) {
      rejected.push({ line: field.line, reason: reasonOf(error) });
    }
  }
  if (current) statements.push(current.statement);
  if (statements.length === 0) throw new StatementFileError('The MT940 file has no statement');
  return { statements, rejected };
}
