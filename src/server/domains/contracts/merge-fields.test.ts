import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../shared/markdown.ts';
import {
  EMPTY_FIELD,
  escapeMarkdown,
  fieldsOf,
  fillMergeFields,
  MERGE_FIELDS,
  type MergeValues,
} from './merge-fields.ts';

const values = Object.fromEntries(MERGE_FIELDS.map((f) => [f, ''])) as MergeValues;

/** Any of these characters not preceded by a backslash: markup a value brought in. */
const unescapedMarkup = /(^|[^\\])[[\]()<>&*_`!#|]/;

describe('merge fields', () => {
  it('fills every known field, with spaces inside the braces or none', () => {
    const filled = fillMergeFields('Dear {{client.name}}, from {{ business.name }} on {{today}}.', {
      ...values,
      'client.name': 'Ada Lovelace',
      'business.name': 'Keel Studio',
      today: 'Nov 29, 2026',
    });
    expect(filled).toBe('Dear Ada Lovelace, from Keel Studio on Nov 29, 2026.');
  });

  it('fills an empty field with a blank to fill in, which reads as underscores, not markup', () => {
    const filled = fillMergeFields(
      'The project **{{project.name}}** starts on {{contract.startDate}}.',
      values,
    );
    expect(filled).toBe(
      `The project **${escapeMarkdown(EMPTY_FIELD)}** starts on ${escapeMarkdown(EMPTY_FIELD)}.`,
    );
    const blocks = markdownBlocks(filled);
    expect(blocks).toHaveLength(1);
    const runs = blocks[0]!.kind === 'paragraph' ? blocks[0]!.runs : [];
    expect(runs.map((run) => run.text).join('')).toBe(
      `The project ${EMPTY_FIELD} starts on ${EMPTY_FIELD}.`,
    );
    expect(runs.find((run) => run.text === EMPTY_FIELD)?.bold).toBe(true);
  });

  it('refuses an unknown field with 400, naming it', () => {
    try {
      fillMergeFields('Hello {{client.nickname}} and {{client.name}}', values);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).message).toMatch(
        /^Unknown merge field: \{\{client\.nickname\}\}/,
      );
    }
  });

  it('lists the fields a text names, once each', () => {
    expect(fieldsOf('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
  });

  it('escapes values so that a client name cannot inject a Markdown link or HTML', () => {
    const filled = fillMergeFields('Client: {{client.name}}. Address: {{client.address}}', {
      ...values,
      'client.name': '[x](http://evil) <img src=x onerror=alert(1)> ![p](http://evil/p.png)',
      'client.address': '# Heading\n- item\n> quote\n&amp; `code`',
    });
    const name = filled.slice('Client: '.length, filled.indexOf('. Address'));
    expect(name).not.toMatch(unescapedMarkup);
    expect(name).toBe(
      '\\[x\\]\\(http\\://evil\\) \\<img src\\=x onerror\\=alert\\(1\\)\\> \\!\\[p\\]\\(http\\://evil/p\\.png\\)',
    );
    // No line of the address can start a heading, list or quote: each is escaped, joined by hard breaks.
    const address = filled.slice(filled.indexOf('Address: ') + 'Address: '.length);
    expect(address.split('\n')).toEqual([
      '\\# Heading\\',
      '\\- item\\',
      '\\> quote\\',
      '\\&amp; \\`code\\`',
    ]);
  });

  it('keeps letters, digits, spaces and punctuation that makes no markup as they are', () => {
    expect(escapeMarkdown('Zoë Müller, 42 / 7; $1,200 @ 5%')).toBe(
      'Zoë Müller, 42 / 7; $1,200 @ 5%',
    );
  });

  it('does not fill a field again that a value wrote (escaped braces are no field)', () => {
    const once = fillMergeFields('{{client.name}}', { ...values, 'client.name': '{{today}}' });
    expect(once).toBe('\\{\\{today\\}\\}');
    expect(fieldsOf(once)).toEqual([]);
  });
});
