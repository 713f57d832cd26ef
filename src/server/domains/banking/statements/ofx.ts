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
 * OFX and QFX: OFX 1.x (SGML, whose leaf elements have no end tags) and OFX 2.x (XML) read
 * by one small reader, since an XML parser cannot read the first. Bank statements
 * (STMTRS) and credit-card statements (CCSTMTRS) give one statement each.
 */

interface Element {
  name: string;
  line: number;
  /** A leaf's text; aggregates have children instead. */
  text: string | null;
  children: Element[];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
    // A reference to no character (0, past U+10FFFF) stays as written.
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The aggregates (elements with elements inside) of the statement responses Keel reads. */
const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'STMTTRNRS',
  'STMTRS',
  'CREDITCARDMSGSRSV1',
  'CCSTMTTRNRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'BANKACCTTO',
  'CCACCTFROM',
  'CCACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'LEDGERBAL',
  'AVAILBAL',
  'BALLIST',
  'BAL',
  'IMAGEDATA',
  'INTRARS',
  'INTRATRNRS',
  'STMTENDRS',
  'STMTENDTRNRS',
]);

/**
 * The OFX element tree. A start tag followed by text is a leaf, whether or not its end tag
 * follows (OFX 1.x leaves it out); an end tag closes its element and any left open inside it.
 */
function readTree(text: string): Element {
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new StatementFileError('The OFX file has no <OFX> element');
  const root: Element = { name: '#root', line: 1, text: null, children: [] };
  const stack: Element[] = [root];
  let line = text.slice(0, start).split('\n').length;
  const tag = /<(\/?)([A-Za-z0-9_.]+)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;
  tag.lastIndex = start;
  let last = start;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const between = text.slice(last, m.index);
    line += between.split('\n').length - 1;
    const top = stack.at(-1)!;
    const value = between.trim();
    if (value && top.children.length === 0 && top.text === null && top !== root)
      top.text = decodeEntities(value);
    last = m.index + m[0].length;
    if (m[2] === undefined) {
      line += m[0].split('\n').length - 1;
      continue; // a comment or processing instruction
    }
    const name = m[2].toUpperCase();
    if (m[1] === '/') {
      const at = stack.findLastIndex((e) => e.name === name);
      if (at > 0) stack.length = at;
      continue;
    }
    // A leaf left open by OFX 1.x ends where the next tag starts; so does an empty one
    // (`<MEMO>` with nothing after it), which would otherwise swallow what follows.
    if (
      top !== root &&
      (top.text !== null || (top.children.length === 0 && !AGGREGATES.has(top.name)))
    )
      stack.pop();
    const element: Element = { name, line, text: null, children: [] };
    stack.at(-1)!.children.push(element);
    if (m[3] !== '/') stack.push(element);
  }
  const ofx = root.children.find((e) => e.name === 'OFX');
  if (!ofx) throw new StatementFileError('The OFX file has no <OFX> element');
  return ofx;
}

function child(element: Element | undefined, ...path: string[]): Element | undefined {
  let current = element;
  for (const name of path) {
    current = current?.children.find((e) => e.name === name);
    if (!current) return undefined;
  }
  return current;
}

function textOf(element: Element | undefined, ...path: string[]): string | null {
  const found = child(element, ...path);
  const text = found?.text?.trim();
  return text ? text : null;
}

/** Every element named `name` under `element`, in document order. */
function descendants(element: Element, name: string): Element[] {
  const found: Element[] = [];
  for (const c of element.children) {
    if (c.name === name) found.push(c);
    else found.push(...descendants(c, name));
  }
  return found;
}

/** An OFX date (YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]) as the day the bank wrote. */
function ofxDate(value: string | null): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? '');
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** An OFX amount ("-12.50", "+1234.5", and "-12,50" from banks that write a decimal comma). */
function ofxAmount(value: string | null, currency: string): string {
  const text = (value ?? '').trim().replace(/\s/g, '');
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text);
  if (!text || !m || (m[2] === '' && !m[3]))
    throw new LineError(`Amount ${text || '(empty)'} is not a number`);
  return signedAmount(`${m[2] || '0'}${m[3] ? `.${m[3]}` : ''}`, m[1] === '-', currency);
}

function transactionOf(trn: Element, statementCurrency: string): StatementTransaction {
  const currency = currencyCode(
    textOf(trn, 'CURRENCY', 'CURSYM') ?? textOf(trn, 'ORIGCURRENCY', 'CURSYM') ?? statementCurrency,
  );
  const bookingDate = ofxDate(textOf(trn, 'DTPOSTED'));
  if (!bookingDate)
    throw new LineError(`DTPOSTED ${textOf(trn, 'DTPOSTED') ?? '(missing)'} is not a date`);
  const name = textOf(trn, 'NAME') ?? textOf(trn, 'PAYEE', 'NAME');
  const checkNumber = textOf(trn, 'CHECKNUM');
  return {
    bookingDate,
    valueDate: ofxDate(textOf(trn, 'DTAVAIL')),
    amount: ofxAmount(textOf(trn, 'TRNAMT'), currency),
    currency,
    counterpartyName: cleanText(name),
    counterpartyIban:
      ibanOrNull(textOf(trn, 'BANKACCTTO', 'ACCTID')) ??
      ibanOrNull(textOf(trn, 'CCACCTTO', 'ACCTID')),
    remittance: cleanText(textOf(trn, 'MEMO')),
    reference: cleanText(textOf(trn, 'REFNUM') ?? (checkNumber ? `Check ${checkNumber}` : null)),
    bankTransactionId: textOf(trn, 'FITID'),
    bankCode: textOf(trn, 'TRNTYPE'),
    line: trn.line,
  };
}

function balanceOf(element: Element | undefined, currency: string): StatementBalance | null {
  if (!element) return null;
  try {
    return {
      amount: ofxAmount(textOf(element, 'BALAMT'), currency),
      date: ofxDate(textOf(element, 'DTASOF')),
    };
  } catch {
    return null;
  }
}

export function parseOfx(text: string): {
  statements: ParsedStatement[];
  rejected: RejectedLine[];
} {
  const ofx = readTree(text);
  const rejected: RejectedLine[] = [];
  const statements = [...descendants(ofx, 'STMTRS'), ...descendants(ofx, 'CCSTMTRS')]
    .sort((a, b) => a.line - b.line)
    .map((stmt): ParsedStatement => {
      let currency: string;
      try {
        currency = currencyCode(textOf(stmt, 'CURDEF'));
      } catch (error) {
        throw new StatementFileError(
          `The statement at line ${stmt.line}: ${reasonOf(error)} (CURDEF)`,
        );
      }
      const account = child(stmt, 'BANKACCTFROM') ?? child(stmt, 'CCACCTFROM');
      const accountId = textOf(account, 'ACCTID');
      const list = child(stmt, 'BANKTRANLIST');
      const transactions: StatementTransaction[] = [];
      for (const trn of list?.children.filter((e) => e.name === 'STMTTRN') ?? []) {
        try {
          transactions.push(transactionOf(trn, currency));
        } catch (error) {
          rejected.push({ line: trn.line, reason: reasonOf(error) });
        }
      }
      return {
        accountIdentifier: ibanOrNull(accountId) ?? accountId,
        statementId: null,
        currency,
        openingBalance: null,
        closingBalance: balanceOf(child(stmt, 'LEDGERBAL'), currency),
        periodStart: ofxDate(textOf(list, 'DTSTART')),
        periodEnd: ofxDate(textOf(list, 'DTEND')),
        transactions,
      };
    });
  if (statements.length === 0)
    throw new StatementFileError('The OFX file has no bank or card statement');
  return { statements, rejected };
}
