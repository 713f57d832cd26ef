import { Lexer, Tokenizer, type Token, type Tokens } from 'marked';

/*
 * One reading of a contract's Markdown for the screen and the PDF: `marked`'s lexer, its
 * tokens turned into the few blocks both draw (headings, paragraphs, list items, quotes,
 * rules) made of styled text runs. Nothing here is HTML: links keep only their text, raw
 * HTML is plain text, so a merge value can never become a link or an element anywhere.
 */

/** Styled text; a run whose text is `'\n'` is a line break. */
export interface MarkdownRun {
  text: string;
  bold: boolean;
  italic: boolean;
  code: boolean;
}

export type MarkdownBlock =
  | { kind: 'heading'; level: number; runs: MarkdownRun[] }
  | { kind: 'paragraph'; runs: MarkdownRun[] }
  | { kind: 'item'; marker: string; depth: number; runs: MarkdownRun[] }
  | { kind: 'quote'; runs: MarkdownRun[] }
  | { kind: 'rule' };

export const LINE_BREAK = '\n';
const MAX_DEPTH = 3;

interface Style {
  bold: boolean;
  italic: boolean;
  code: boolean;
}
const PLAIN: Style = { bold: false, italic: false, code: false };

/*
 * GFM's bare-URL autolinks are off: an escaped value like `\(http://evil\)` would otherwise
 * swallow the backslash of `\)` into the address. Links written as `[text](url)` still parse.
 */
function lexer(): Lexer {
  const tokenizer = new Tokenizer();
  tokenizer.url = () => undefined;
  return new Lexer({ gfm: true, tokenizer });
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** The characters an entity reference stands for (the renderer's job, which we skip). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function pushText(runs: MarkdownRun[], text: string, style: Style) {
  if (!text) return;
  const last = runs[runs.length - 1];
  if (
    last &&
    last.text !== LINE_BREAK &&
    last.bold === style.bold &&
    last.italic === style.italic &&
    last.code === style.code
  )
    last.text += text;
  else runs.push({ text, ...style });
}

function pushBreak(runs: MarkdownRun[]) {
  runs.push({ text: LINE_BREAK, ...PLAIN });
}

/** Text with its line breaks as break runs. */
function pushLines(runs: MarkdownRun[], text: string, style: Style) {
  text.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (i > 0) pushBreak(runs);
    pushText(runs, line, style);
  });
}

function inline(tokens: Token[] | undefined, style: Style, runs: MarkdownRun[]): MarkdownRun[] {
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        inline(token.tokens, { ...style, bold: true }, runs);
        break;
      case 'em':
        inline(token.tokens, { ...style, italic: true }, runs);
        break;
      case 'del':
      case 'link':
        // A link's address is no contract term: its text only.
        inline(token.tokens, style, runs);
        break;
      case 'image':
        pushText(runs, decodeEntities(token.text), style);
        break;
      case 'codespan':
        pushText(runs, decodeEntities(token.text), { ...style, code: true });
        break;
      case 'br':
        pushBreak(runs);
        break;
      case 'escape':
        pushText(runs, token.text, style);
        break;
      case 'html':
        // Raw HTML is shown as the characters it is made of, never interpreted.
        pushText(runs, token.raw, style);
        break;
      case 'text':
        if ('tokens' in token && token.tokens?.length) inline(token.tokens, style, runs);
        else pushText(runs, decodeEntities(token.text), style);
        break;
      default:
        pushText(
          runs,
          'text' in token && typeof token.text === 'string' ? token.text : token.raw,
          style,
        );
    }
  }
  return runs;
}

/** The inline runs of block tokens flattened into one block (quotes, list item bodies). */
function flatten(tokens: Token[], runs: MarkdownRun[] = []): MarkdownRun[] {
  for (const token of tokens) {
    if (token.type === 'space') continue;
    if (runs.length) pushBreak(runs);
    switch (token.type) {
      case 'paragraph':
      case 'heading':
        inline(token.tokens, PLAIN, runs);
        break;
      case 'text':
        if (token.tokens?.length) inline(token.tokens, PLAIN, runs);
        else pushLines(runs, decodeEntities(token.text), PLAIN);
        break;
      case 'code':
        pushLines(runs, token.text, { ...PLAIN, code: true });
        break;
      case 'blockquote':
        flatten(token.tokens ?? [], runs);
        break;
      case 'list':
        for (const item of (token as Tokens.List).items) {
          if (runs.length) pushBreak(runs);
          flatten(item.tokens, runs);
        }
        break;
      case 'hr':
        pushText(runs, '———', PLAIN);
        break;
      default:
        pushLines(runs, token.raw.trimEnd(), PLAIN);
    }
  }
  return runs;
}

function blocksOf(tokens: Token[], depth: number, out: MarkdownBlock[]): MarkdownBlock[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
        break;
      case 'heading':
        out.push({ kind: 'heading', level: token.depth, runs: inline(token.tokens, PLAIN, []) });
        break;
      case 'paragraph':
        out.push({ kind: 'paragraph', runs: inline(token.tokens, PLAIN, []) });
        break;
      case 'text':
        out.push({ kind: 'paragraph', runs: flatten([token]) });
        break;
      case 'code':
        out.push({ kind: 'paragraph', runs: flatten([token]) });
        break;
      case 'html':
        // A block of raw HTML: its characters as a paragraph.
        out.push({ kind: 'paragraph', runs: flatten([token]) });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'blockquote':
        out.push({ kind: 'quote', runs: flatten(token.tokens ?? []) });
        break;
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        list.items.forEach((item, i) => {
          const nested = item.tokens.filter((t) => t.type === 'list');
          const own = item.tokens.filter((t) => t.type !== 'list');
          const runs = flatten(own);
          if (item.task) runs.unshift({ text: item.checked ? '[x] ' : '[ ] ', ...PLAIN });
          out.push({
            kind: 'item',
            marker: list.ordered ? `${start + i}.` : '•',
            depth: Math.min(MAX_DEPTH, depth),
            runs,
          });
          blocksOf(nested, depth + 1, out);
        });
        break;
      }
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => {
          const runs: MarkdownRun[] = [];
          cells.forEach((cell, i) => {
            if (i > 0) pushText(runs, ' | ', PLAIN);
            inline(cell.tokens, PLAIN, runs);
          });
          return runs;
        };
        out.push({ kind: 'paragraph', runs: row(table.header).map((r) => ({ ...r, bold: true })) });
        for (const cells of table.rows) out.push({ kind: 'paragraph', runs: row(cells) });
        break;
      }
      default:
        out.push({ kind: 'paragraph', runs: flatten([token]) });
    }
  }
  return out;
}

/** A Markdown source as the blocks the contract screen and PDF draw. */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const tokens = lexer().lex(source);
  return blocksOf(tokens, 0, []).filter((b) => b.kind === 'rule' || b.runs.length > 0);
}

/** The plain text of runs (breaks as spaces): what a reader sees. */
export function runsText(runs: MarkdownRun[]): string {
  return runs.map((r) => (r.text === LINE_BREAK ? ' ' : r.text)).join('');
}
