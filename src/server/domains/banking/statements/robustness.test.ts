import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ParsedStatementFileSchema,
  type CsvMapping,
  type StatementFormat,
} from '../../../../shared/banking.schema.ts';
import { StatementFileError, parseStatementFile } from './index.ts';
import { fixture } from './test-support.ts';

const GERMAN: CsvMapping = {
  dateColumn: 'Buchungstag',
  dateFormat: 'dd.MM.yyyy',
  debitColumn: 'Soll',
  creditColumn: 'Haben',
  descriptionColumn: 'Verwendungszweck',
  decimalSeparator: ',',
  hasHeader: true,
  skipRows: 4,
};

const FILES: [string, StatementFormat][] = [
  ['camt053-2026-01.xml', 'camt053'],
  ['mt940-2025-12.sta', 'mt940'],
  ['ofx1-2026-01.ofx', 'ofx'],
  ['ofx2-2026-02.qfx', 'ofx'],
  ['csv-de-2026-01a.csv', 'csv'],
];

/**
 * A damaged file (cut short, a piece replaced by noise) is read or refused as a whole with a
 * StatementFileError, never with another error, and what is read has the one shape.
 */
describe('damaged statement files', () => {
  it('are read into the shape or refused with a reason, never crash the parser', () => {
    const noise = fc.stringMatching(/^[\s\S]{0,12}$/).map((s) => s.replace(/\r/g, ''));
    const pieces = fc.constantFrom(
      '',
      '<',
      '>',
      '</Ntry>',
      '<Ntry>',
      ':61:',
      ':86:?20',
      '?',
      '<STMTTRN>',
      '</STMTTRN>',
      '"',
      ';',
      '\n',
      '-',
      '&amp;',
      '&#xFFFFFF;',
      '<?',
      '<!--',
      'ÿ',
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...FILES),
        // Integers, not doubles: fast-check's doubles crowd at 0 and 1, the files' two ends.
        fc.option(fc.nat()),
        fc.nat(),
        fc.oneof(noise, pieces),
        ([name, format], cut, at, insert) => {
          const text = fixture(name).toString('latin1');
          // Half of the files are cut short; all of them get the noise somewhere.
          const end = cut === null ? text.length : (cut % text.length) + 1;
          const position = at % end;
          const damaged =
            text.slice(0, position) + insert + text.slice(position + insert.length, end);
          try {
            const file = parseStatementFile(Buffer.from(damaged, 'latin1'), {
              format,
              csvMapping: GERMAN,
              currency: 'EUR',
            });
            ParsedStatementFileSchema.parse(file);
          } catch (error) {
            if (!(error instanceof StatementFileError)) throw error;
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('refuses random bytes, whatever format they claim to be', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(...FILES),
        (bytes, [, format]) => {
          try {
            ParsedStatementFileSchema.parse(
              parseStatementFile(Buffer.from(bytes), {
                format,
                csvMapping: GERMAN,
                currency: 'EUR',
              }),
            );
          } catch (error) {
            expect(error).toBeInstanceOf(StatementFileError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
