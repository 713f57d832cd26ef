import { describe, expect, it } from 'vitest';
import { StatementFileError, UNKNOWN_FORMAT, detectFormat } from './index.ts';
import { fixture } from './test-support.ts';

describe('detectFormat', () => {
  it('tells the four formats apart by their content, whatever the file is called', () => {
    expect(detectFormat(fixture('camt053-2026-01.xml'))).toBe('camt053');
    expect(detectFormat(fixture('mt940-2025-12.sta'), 'statement.txt')).toBe('mt940');
    expect(detectFormat(fixture('ofx1-2026-01.ofx'), 'export.csv')).toBe('ofx');
    expect(detectFormat(fixture('ofx2-2026-02.qfx'), 'export.xml')).toBe('ofx');
    expect(detectFormat(fixture('csv-de-2026-01a.csv'))).toBe('csv');
    expect(detectFormat(Buffer.from('\uFEFFDate,Amount\n2026-01-01,1.00\n'))).toBe('csv');
    expect(detectFormat(Buffer.from('{1:F01BANKDEFFAXXX0000000000}{4:\r\n:20:X\r\n'))).toBe(
      'mt940',
    );
  });

  it('takes a one-line file for CSV only when its name says so', () => {
    expect(detectFormat(Buffer.from('Date;Amount'), 'export.csv')).toBe('csv');
    expect(() => detectFormat(Buffer.from('Date;Amount'))).toThrow(UNKNOWN_FORMAT);
  });

  it('refuses what is not a statement with a reason', () => {
    const refusal = (bytes: Buffer, name?: string) => {
      try {
        detectFormat(bytes, name);
      } catch (error) {
        expect(error).toBeInstanceOf(StatementFileError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(Buffer.alloc(0))).toBe('The file is empty');
    expect(refusal(Buffer.from('%PDF-1.7\n...'), 'statement.pdf')).toBe(
      `This is a PDF. ${UNKNOWN_FORMAT}`,
    );
    expect(
      refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    ).toBe(UNKNOWN_FORMAT);
    expect(
      refusal(
        Buffer.from(
          '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt/></Document>',
        ),
      ),
    ).toBe('This is a CAMT.052 account report: upload the CAMT.053 statement');
    expect(refusal(Buffer.from('<?xml version="1.0"?><Invoice/>'))).toBe(
      `This XML file is not a CAMT.053 statement. ${UNKNOWN_FORMAT}`,
    );
    expect(refusal(Buffer.from('Dear customer\nyour statement is attached\n'))).toBe(
      UNKNOWN_FORMAT,
    );
  });
});
