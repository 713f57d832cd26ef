import type { StatementFormat } from '../../../../shared/banking.schema.ts';
import { StatementFileError, decodeText } from './common.ts';
import { CSV_DELIMITERS, delimiterCounts } from './csv.ts';

/**
 * Which kind of statement a file is, from its content; the file name's extension only
 * decides between formats the content leaves open (a CSV has no signature of its own).
 */

export const UNKNOWN_FORMAT =
  'This file is not a bank statement Keel can read: upload a CSV, OFX/QFX, CAMT.053 (XML) or MT940 file';

const EXTENSIONS: Record<string, StatementFormat> = {
  csv: 'csv',
  txt: 'csv',
  tsv: 'csv',
  ofx: 'ofx',
  qfx: 'ofx',
  qbo: 'ofx',
  xml: 'camt053',
  camt: 'camt053',
  sta: 'mt940',
  mt940: 'mt940',
  '940': 'mt940',
};

/** The format of a statement file, or a StatementFileError saying why it is none of them. */
export function detectFormat(bytes: Uint8Array, fileName?: string): StatementFormat {
  if (bytes.length === 0) throw new StatementFileError('The file is empty');
  // The signatures are all near the start; 64 KB covers any header and preamble.
  const head = decodeText(bytes.subarray(0, 65_536)).replace(/^\uFEFF/, '');
  const start = head.trimStart();

  if (/^OFXHEADER\s*:/i.test(start) || /<\?OFX\s/i.test(head) || /<OFX>/i.test(head)) return 'ofx';
  if (start.startsWith('<')) {
    if (/BkToCstmrStmt|camt\.053/.test(head)) return 'camt053';
    if (/BkToCstmrAcctRpt|camt\.052/.test(head))
      throw new StatementFileError(
        'This is a CAMT.052 account report: upload the CAMT.053 statement',
      );
    if (/BkToCstmrDbtCdtNtfctn|camt\.054/.test(head))
      throw new StatementFileError(
        'This is a CAMT.054 notification: upload the CAMT.053 statement',
      );
    throw new StatementFileError(`This XML file is not a CAMT.053 statement. ${UNKNOWN_FORMAT}`);
  }
  if (/^\{1:/.test(start) || (/^:20:/m.test(head) && /^:(25|60F|60M|61):/m.test(head)))
    return 'mt940';
  if (/^%PDF/.test(start)) throw new StatementFileError(`This is a PDF. ${UNKNOWN_FORMAT}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(head)) throw new StatementFileError(UNKNOWN_FORMAT);

  const byName = EXTENSIONS[(fileName ?? '').toLowerCase().split('.').pop() ?? ''];
  if (byName === 'csv' || looksDelimited(head)) return 'csv';
  throw new StatementFileError(UNKNOWN_FORMAT);
}

/** Several lines, four in five of them split by one delimiter (outside quotes). */
function looksDelimited(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  if (lines.length < 2) return false;
  return CSV_DELIMITERS.some((d) => {
    const split = delimiterCounts(lines, d).filter((n) => n > 0).length;
    return split * 5 >= lines.length * 4;
  });
}
