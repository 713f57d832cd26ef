import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../server/domains/contracts/merge-fields.ts';
import { LINE_BREAK, markdownBlocks, runsText, type MarkdownBlock } from './markdown.ts';

/*
 * Issue 40: the contract screen and its PDF read Markdown the same way (marked's lexer), and
 * nothing in a body, least of all a merge value, becomes a link or an HTML element.
 */

const text = (block: MarkdownBlock) => (block.kind === 'rule' ? '—' : runsText(block.runs));

describe('markdownBlocks', () => {
  it('reads headings, paragraphs, nested and numbered lists, quotes and rules', () => {
    const blocks = markdownBlocks(
      '# Agreement\n\nThe **client** pays *on time* with `code`.\n\n- Scope\n  - Design\n- Fees\n\n3. Three\n4. Four\n\n> Note\n\n---\n\n## Terms',
    );
    expect(blocks.map((b) => [b.kind, text(b)])).toEqual([
      ['heading', 'Agreement'],
      ['paragraph', 'The client pays on time with code.'],
      ['item', 'Scope'],
      ['item', 'Design'],
      ['item', 'Fees'],
      ['item', 'Three'],
      ['item', 'Four'],
      ['quote', 'Note'],
      ['rule', '—'],
      ['heading', 'Terms'],
    ]);
    expect(blocks[0]).toMatchObject({ level: 1 });
    expect(blocks[9]).toMatchObject({ level: 2 });
    expect(blocks.filter((b) => b.kind === 'item').map((b) => [b.marker, b.depth])).toEqual([
      ['•', 0],
      ['•', 1],
      ['•', 0],
      ['3.', 0],
      ['4.', 0],
    ]);
    const paragraph = blocks[1]!;
    expect(paragraph.kind === 'paragraph' && paragraph.runs).toEqual([
      { text: 'The ', bold: false, italic: false, code: false },
      { text: 'client', bold: true, italic: false, code: false },
      { text: ' pays ', bold: false, italic: false, code: false },
      { text: 'on time', bold: false, italic: true, code: false },
      { text: ' with ', bold: false, italic: false, code: false },
      { text: 'code', bold: false, italic: false, code: true },
      { text: '.', bold: false, italic: false, code: false },
    ]);
  });

  it('keeps only the text of links', () => {
    expect(markdownBlocks('See [our terms](https://example.com/terms) now.').map(text)).toEqual([
      'See our terms now.',
    ]);
  });

  it('shows escaped merge values as the characters typed, never a link or an element', () => {
    const blocks = markdownBlocks(
      `Client: \\[x\\]\\(http://evil\\) and ${escapeMarkdown('<img src=x onerror=alert(1)>')}`,
    );
    expect(blocks.map(text)).toEqual(['Client: [x](http://evil) and <img src=x onerror=alert(1)>']);
    for (const name of ['[x](http://evil)', '# Heading', '- item', '**bold**', '> quote']) {
      const read = markdownBlocks(`Name: ${escapeMarkdown(name)}`);
      expect(read.map((b) => [b.kind, text(b)])).toEqual([['paragraph', `Name: ${name}`]]);
      expect(read.flatMap((b) => (b.kind === 'rule' ? [] : b.runs)).some((r) => r.bold)).toBe(
        false,
      );
    }
  });

  it('turns raw HTML into plain text', () => {
    expect(markdownBlocks('<div onclick="x()">Hi</div>').map(text)).toEqual([
      '<div onclick="x()">Hi</div>',
    ]);
    expect(markdownBlocks('A <b>bold</b> &amp; <script>alert(1)</script> word').map(text)).toEqual([
      'A <b>bold</b> & <script>alert(1)</script> word',
    ]);
  });

  it('keeps a multi-line merge value on its lines', () => {
    const [block] = markdownBlocks(`Address: ${escapeMarkdown('1 Main St\nSpringfield')}`);
    expect(block?.kind === 'paragraph' && block.runs.map((r) => r.text)).toEqual([
      'Address: 1 Main St',
      LINE_BREAK,
      'Springfield',
    ]);
  });
});
