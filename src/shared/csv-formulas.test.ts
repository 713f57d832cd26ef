import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BYTE_ORDER_MARK, csvLines } from './csv.ts';
import { neutraliseFormulas, restoreFormulas } from './csv-formulas.ts';

/*
 * Issue 19 §4: formula protection defuses what a spreadsheet would run, leaves numbers and
 * phone numbers alone, and the import takes off exactly what the export put on.
 */

describe('neutraliseFormulas', () => {
  it.each([
    '+33 6 12 34 56 78',
    '+1 (555) 010-0100',
    '+44 20 7946 0958',
    '-12.5',
    '-',
    '+',
    '-1+2',
    '+49 (0) 30 1234/5678',
    'Ada Lovelace',
    'plain; text',
    '',
  ])('leaves %j as it is', (text) => {
    expect(neutraliseFormulas(text)).toBe(text);
  });

  it.each([
    ['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-1+A1', "'-1+A1"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(1)', "'@SUM(1)"],
    ['@', "'@"],
    ['=', "'="],
    ['\t=x', "'\t=x"],
    ['\r1', "'\r1"],
    ["'=already", "''=already"],
    ['a;=cmd', "a;'=cmd"],
    ['+33 6 12;-x', "+33 6 12;'-x"],
  ])('defuses %j', (text, defused) => {
    expect(neutraliseFormulas(text)).toBe(defused);
    expect(restoreFormulas(defused)).toBe(text);
  });

  it('is undone by restoreFormulas, for any text', () => {
    const risky = fc.constantFrom(
      "'",
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      ';',
      ' ',
      '1',
      '(',
      ')',
      '.',
      '/',
      'a',
      'é',
    );
    for (const text of [fc.string({ unit: risky }), fc.string({ unit: 'binary' })]) {
      fc.assert(
        fc.property(text, (s) => {
          const defused = neutraliseFormulas(s);
          expect(restoreFormulas(defused)).toBe(s);
          // What still starts like a formula holds digits, spaces and + - ( ) . / only.
          for (const segment of defused.split(';')) {
            if (/^[=+\-@\t\r]/.test(segment)) expect(segment).toMatch(/^[0-9 +\-()./]*$/);
          }
        }),
        { numRuns: 500 },
      );
    }
  });

  it('changes nothing a restore would misread: a text that needs no prefix restores to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", '+', '-', '1', ' ', 'x', ';') }), (s) => {
        if (neutraliseFormulas(s) === s) expect(restoreFormulas(s)).toBe(s);
      }),
    );
  });
});

describe('csvLines', () => {
  it('starts a file with one byte-order mark, and batches without one', () => {
    const columns = ['Name', 'Phone'];
    const start = csvLines(columns, [{ Name: 'Jürgen', Phone: '+33 6 12 34 56 78' }], true);
    const next = csvLines(columns, [{ Name: 'Léa', Phone: '-' }], false);
    expect(start).toBe(`${BYTE_ORDER_MARK}Name,Phone\r\nJürgen,+33 6 12 34 56 78\r\n`);
    expect(next).toBe('Léa,-\r\n');
    expect(csvLines(columns, [], true)).toBe(`${BYTE_ORDER_MARK}Name,Phone\r\n`);
    expect(csvLines(columns, [], false)).toBe('');
    // papaparse, as the import dialogs use it, reads the heading without the mark.
    expect(Papa.parse<string[]>(start + next).data.slice(0, 3)).toEqual([
      ['Name', 'Phone'],
      ['Jürgen', '+33 6 12 34 56 78'],
      ['Léa', '-'],
    ]);
  });
});
