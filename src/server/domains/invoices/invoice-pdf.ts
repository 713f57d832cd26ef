/**
 * Server-side invoice PDF (pdf-lib). The DejaVu Sans fonts in assets/fonts are embedded as
 * subsets through fontkit, so names in any European script (Jürgen, Łódź, Ελλάδα, Москва)
 * render; characters the font has no glyph for (emoji, control characters) are dropped
 * instead of making pdf-lib throw.
 *
 * All amounts arrive as exact decimal strings and are only formatted here, never computed.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkitModule from '@pdf-lib/fontkit';
import {
  PDFDocument,
  PageSizes,
  degrees,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import {
  DEFAULT_DISPLAY,
  formatCalendarDate,
  type DisplayPreferences,
} from '../../../shared/datetime.ts';
import { formatMoney } from '../../../shared/money.ts';
import { partyAddress, type AddressParts } from '../../../shared/party-address.ts';
import { QR_BILL_HEIGHT, drawEpcBlock, drawSwissQrBill } from '../einvoices/payment-qr-pdf.ts';
import type { PaymentQr } from '../einvoices/payment-qr.ts';

export interface PartyDetails extends AddressParts {
  name: string;
  contactName?: string | null;
  address: string | null;
  taxId: string | null;
  email: string | null;
}

export interface InvoiceDocument {
  /** The document's name: "Invoice" unless given (an estimate is printed the same way). */
  title?: string;
  /** The label of the second date: "Due date" unless given ("Valid until" for an estimate). */
  dueLabel?: string;
  /** Whether the totals end with the balance due (true unless given; an estimate asks no payment). */
  showBalance?: boolean;
  /**
   * The labelled values under the number, in place of the issue and due dates when given
   * (a credit note: its date and the invoice it credits).
   */
  headerRows?: (readonly [label: string, value: string])[];
  /** The heading of `notes`: "Notes" unless given (a credit note's reason). */
  notesTitle?: string;
  /** null for a draft: "DRAFT" is printed instead of a number. */
  number: string | null;
  /** draft, sent, viewed, paid, overdue, void. */
  status: string;
  /** ISO yyyy-mm-dd. */
  issueDate: string | null;
  dueDate: string | null;
  /** How the dates are printed: the workspace's format (Settings → Business). */
  dateFormat: DisplayPreferences['dateFormat'];
  /** ISO 4217 code. */
  currency: string;
  seller: PartyDetails;
  buyer: PartyDetails;
  lines: {
    description: string;
    quantity: string;
    /** What the quantity counts, printed after it ("2 day"); none when null. */
    unit?: string | null;
    unitPrice: string;
    taxRate: string;
    amount: string;
  }[];
  subtotal: string;
  discount: string;
  /** e.g. "Discount (10 %)". */
  discountLabel: string | null;
  taxes: { rate: string; base: string; amount: string }[];
  total: string;
  paid: string;
  /** What credit notes credited of it (issue 41); none printed when 0 or not given. */
  credited?: string;
  balance: string;
  notes: string | null;
  paymentInstructions: string | null;
  footer: string | null;
  /** The seller's logo, printed above the title: PNG or JPEG (other images are left out). */
  logo?: { data: Uint8Array; contentType: string } | null;
  /**
   * The balance as a payment QR code (paymentQrFor): the EPC code under the totals, or the
   * Swiss QR-bill at the bottom of the last page.
   */
  paymentQr?: PaymentQr | null;
}

// ---------------------------------------------------------------------------------------
// Fonts

/* The package ships a UMD bundle: depending on the loader the API is the namespace itself
   or its default export. */
export const fontkit = ((fontkitModule as unknown as { default?: unknown }).default ??
  fontkitModule) as Parameters<PDFDocument['registerFontkit']>[0];

interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontBytes: Promise<FontBytes> | undefined;

/**
 * Finds assets/fonts by walking up from this module's directory: src/server/domains/invoices
 * when run from source, dist/server when run from the esbuild bundle.
 */
function findFontDir(): string {
  const here =
    (import.meta as { dirname?: string }).dirname ?? dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'assets/fonts/DejaVuSans.ttf'))) return join(dir, 'assets/fonts');
    if (dirname(dir) === dir) break;
  }
  return join(process.cwd(), 'assets/fonts');
}

export function loadFontBytes(): Promise<FontBytes> {
  if (!fontBytes) {
    const dir = findFontDir();
    fontBytes = Promise.all([
      readFile(join(dir, 'DejaVuSans.ttf')),
      readFile(join(dir, 'DejaVuSans-Bold.ttf')),
    ]).then(
      ([regular, bold]) => ({ regular, bold }),
      (error: unknown) => {
        fontBytes = undefined; // let the next render try again
        throw error;
      },
    );
  }
  return fontBytes;
}

/** The code points each font can encode, keyed by font bytes (computed once per font file). */
const characterSets = new WeakMap<Uint8Array, Set<number>>();

export interface Font {
  pdf: PDFFont;
  chars: Set<number>;
}

export async function embed(doc: PDFDocument, bytes: Uint8Array): Promise<Font> {
  const pdf = await doc.embedFont(bytes, { subset: true });
  let chars = characterSets.get(bytes);
  if (!chars) {
    chars = new Set(pdf.getCharacterSet());
    characterSets.set(bytes, chars);
  }
  return { pdf, chars };
}

/**
 * One line of text the font can draw: NFC-normalised, tabs and line breaks as spaces,
 * control characters and anything without a glyph removed.
 */
export function clean(font: Font, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d || cp === 0xa0) out += ' ';
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    else if (font.chars.has(cp)) out += ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Formatting

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

function decimalsOf(value: string): number {
  return DECIMAL.exec(value.trim())?.[3]?.length ?? 0;
}

/** Intl formatters are slow to build: one per currency (or plain number) and decimals. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string | null, decimals: number): Intl.NumberFormat {
  const key = `${currency ?? ''}:${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      ...(currency ? { style: 'currency', currency } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    if (formatters.size < 500) formatters.set(key, f);
  }
  return f;
}

/** "1000.5" → "1,000.5" (decimals kept as given). */
function formatDecimal(value: string): string {
  const v = value.trim();
  if (!DECIMAL.test(v)) return v;
  return formatter(null, Math.min(decimalsOf(v), 20)).format(v as Intl.StringNumericLiteral);
}

/** "2.50" → "2.5", "20.00" → "20", grouped: quantities and tax rates. */
function formatPlain(value: string): string {
  const m = DECIMAL.exec(value.trim());
  if (!m) return value.trim();
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return formatDecimal(`${m[1]}${m[2]}${fraction ? `.${fraction}` : ''}`);
}

function isZero(value: string): boolean {
  return /^[+-]?0*(?:\.0*)?$/.test(value.trim());
}

function negate(value: string): string {
  const v = value.trim();
  if (v.startsWith('-')) return v.slice(1);
  return `-${v.replace(/^\+/, '')}`;
}

/**
 * A calendar date as the workspace writes it ("28/11/2026", "Nov 28, 2026", "2026-11-28"),
 * the same as its emails and portal; no time zone moves a calendar date.
 */
export function formatDate(
  value: string | null,
  dateFormat: DisplayPreferences['dateFormat'],
): string {
  if (!value) return '—';
  return formatCalendarDate(value, { ...DEFAULT_DISPLAY, dateFormat }) || value;
}

// ---------------------------------------------------------------------------------------
// Text layout

/**
 * Text width at 1 pt, cached per font. pdf-lib measures a string as the sum of its glyphs'
 * advances (no kerning), and no ligature spans a space, so a line measures as the sum of its
 * words and spaces: each word is laid out once instead of once per candidate line.
 */
const widthCaches = new WeakMap<PDFFont, Map<string, number>>();

export function unitWidth(font: Font, s: string): number {
  let cache = widthCaches.get(font.pdf);
  if (!cache) widthCaches.set(font.pdf, (cache = new Map()));
  let w = cache.get(s);
  if (w === undefined) {
    w = font.pdf.widthOfTextAtSize(s, 1);
    if (cache.size < 20_000) cache.set(s, w);
  }
  return w;
}

/** Splits text into lines no wider than maxWidth; explicit line breaks are kept. */
export function wrap(font: Font, size: number, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  const max = maxWidth / size;
  const space = unitWidth(font, ' ');
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const words = clean(font, paragraph).split(' ').filter(Boolean);
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const w = unitWidth(font, word);
      if (line && lineWidth + space + w <= max) {
        line += ` ${word}`;
        lineWidth += space + w;
        continue;
      }
      if (line) lines.push(line);
      if (w <= max) {
        line = word;
        lineWidth = w;
        continue;
      }
      // A word wider than the column is broken wherever it has to be (character widths
      // summed: never less than the laid-out width, so the pieces always fit).
      line = '';
      lineWidth = 0;
      for (const ch of word) {
        const cw = unitWidth(font, ch);
        if (line && lineWidth + cw > max) {
          lines.push(line);
          line = '';
          lineWidth = 0;
        }
        line += ch;
        lineWidth += cw;
      }
    }
    lines.push(line);
  }
  // No trailing blank lines (a text ending in a line break).
  while (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Non-blank trimmed text, or null. */
function present(text: string | null | undefined): string | null {
  const t = text?.trim();
  return t ? t : null;
}

// ---------------------------------------------------------------------------------------
// Rendering

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Page numbers sit below this line. */
const BOTTOM = MARGIN + 20;

const TEXT = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.85, 0.86, 0.88);
const HEADER_FILL = rgb(0.95, 0.96, 0.97);
const VOID_RED = rgb(0.8, 0.12, 0.12);
const PAID_GREEN = rgb(0.1, 0.55, 0.3);

const BODY = 9.5;
const LEADING = 1.3;

/* Table columns: x offsets from the left margin, widths; numbers are right-aligned. */
const PAD = 6;
const COLS = (() => {
  // Wide enough for a quantity and its unit ("12.5 hour"); a longer one is drawn smaller.
  const qty = 70;
  const unit = 85;
  const tax = 45;
  const amount = 90;
  const description = CONTENT_WIDTH - qty - unit - tax - amount;
  let x = MARGIN;
  const col = (w: number) => {
    const c = { x, w };
    x += w;
    return c;
  };
  return {
    description: col(description),
    qty: col(qty),
    unit: col(unit),
    tax: col(tax),
    amount: col(amount),
  };
})();

/** The box a logo is scaled into (never up), keeping its aspect ratio. */
const LOGO_MAX_WIDTH = 160;
const LOGO_MAX_HEIGHT = 56;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The logo as a PDF image, by its bytes: pdf-lib embeds PNG and JPEG only, so a GIF or
 * WebP logo (and an image it cannot read) is left out and the page is laid out as without.
 */
export async function embedLogo(pdf: PDFDocument, logo: InvoiceDocument['logo']) {
  if (!logo) return undefined;
  const bytes = logo.data;
  try {
    if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return await pdf.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
      return await pdf.embedJpg(bytes);
    }
  } catch {
    // A damaged image: the document is worth more than its logo.
  }
  return undefined;
}

class Renderer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  /** The page whose bottom holds the Swiss QR-bill: its footer and page number sit above it. */
  billPage?: PDFPage;

  constructor(
    readonly pdf: PDFDocument,
    readonly regular: Font,
    readonly bold: Font,
    readonly inv: InvoiceDocument,
    readonly logo?: PDFImage,
  ) {}

  /** The logo on the first page, top left; the header starts below it. */
  drawLogo(): void {
    if (!this.logo) return;
    // A tiny image is not blown up into a blur.
    const fit = this.logo.scaleToFit(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT);
    const scale = Math.min(1, fit.width / this.logo.width);
    const w = this.logo.width * scale;
    const h = this.logo.height * scale;
    this.page.drawImage(this.logo, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 14;
  }

  get title(): string {
    const name = this.inv.title ?? 'Invoice';
    return this.inv.number ? `${name} ${this.inv.number}` : `Draft ${name.toLowerCase()}`;
  }

  addPage(continued: boolean): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
    if (this.inv.status === 'void') this.drawVoidMark();
    if (continued) {
      this.text(`${this.title} (continued)`, MARGIN, this.y - 9, { size: 9, color: MUTED });
      this.y -= 28;
    }
  }

  /** Starts a new page unless `height` still fits above the bottom margin. */
  ensure(height: number, onNewPage?: () => void): void {
    if (this.y - height >= BOTTOM + 10) return;
    this.addPage(true);
    onNewPage?.();
  }

  text(
    s: string,
    x: number,
    baseline: number,
    opts: {
      font?: Font;
      size?: number;
      color?: ReturnType<typeof rgb>;
      align?: 'left' | 'right';
      maxWidth?: number;
    } = {},
  ): void {
    const font = opts.font ?? this.regular;
    let size = opts.size ?? BODY;
    const t = clean(font, s);
    if (!t) return;
    let w = font.pdf.widthOfTextAtSize(t, size);
    // A number too wide for its column is drawn smaller rather than over its neighbour.
    if (opts.maxWidth && w > opts.maxWidth) {
      size = (size * opts.maxWidth) / w;
      w = opts.maxWidth;
    }
    this.page.drawText(t, {
      x: opts.align === 'right' ? x - w : x,
      y: baseline,
      size,
      font: font.pdf,
      color: opts.color ?? TEXT,
    });
  }

  drawVoidMark(): void {
    const size = 120;
    const font = this.bold.pdf;
    const w = font.widthOfTextAtSize('VOID', size);
    const angle = 35;
    const rad = (angle * Math.PI) / 180;
    // Centre the rotated word on the page.
    const cx = PAGE_WIDTH / 2;
    const cy = PAGE_HEIGHT / 2;
    const h = size * 0.7;
    const x = cx - (w / 2) * Math.cos(rad) + (h / 2) * Math.sin(rad);
    const y = cy - (w / 2) * Math.sin(rad) - (h / 2) * Math.cos(rad);
    this.page.drawText('VOID', {
      x,
      y,
      size,
      font,
      color: VOID_RED,
      opacity: 0.12,
      rotate: degrees(angle),
    });
  }

  // --- header ---------------------------------------------------------------------------

  header(): void {
    const inv = this.inv;
    const top = this.y;
    this.text(inv.title ?? 'Invoice', MARGIN, top - 22, { font: this.bold, size: 24 });
    const right = PAGE_WIDTH - MARGIN;
    this.text(inv.number ?? 'DRAFT', right, top - 18, {
      font: this.bold,
      size: 14,
      align: 'right',
      color: inv.number ? TEXT : MUTED,
      maxWidth: 240,
    });
    let y = top - 36;
    const mark =
      inv.status === 'void'
        ? { label: 'VOID', color: VOID_RED }
        : inv.status === 'paid'
          ? { label: 'PAID', color: PAID_GREEN }
          : null;
    if (mark) {
      this.text(mark.label, MARGIN, y - 10, { font: this.bold, size: 14, color: mark.color });
    }
    for (const [label, value] of inv.headerRows ?? [
      ['Issue date', formatDate(inv.issueDate, inv.dateFormat)],
      [inv.dueLabel ?? 'Due date', formatDate(inv.dueDate, inv.dateFormat)],
    ]) {
      this.text(value, right, y, { size: BODY, align: 'right' });
      const vw = this.regular.pdf.widthOfTextAtSize(clean(this.regular, value), BODY);
      this.text(`${label}:`, right - vw - 6, y, { size: BODY, align: 'right', color: MUTED });
      y -= BODY * 1.5;
    }
    this.y = Math.min(y, top - 56) - 18;
  }

  // --- parties --------------------------------------------------------------------------

  partyLines(
    p: PartyDetails,
    width: number,
  ): { text: string; font: Font; size: number; color?: ReturnType<typeof rgb> }[] {
    const out: { text: string; font: Font; size: number; color?: ReturnType<typeof rgb> }[] = [];
    const add = (
      text: string | null | undefined,
      font: Font,
      size: number,
      color?: ReturnType<typeof rgb>,
    ) => {
      const t = present(text);
      if (!t) return;
      for (const line of wrap(font, size, t, width)) out.push({ text: line, font, size, color });
    };
    add(p.name, this.bold, 11);
    add(p.contactName, this.regular, BODY);
    add(partyAddress(p), this.regular, BODY);
    add(present(p.taxId) ? `Tax ID: ${p.taxId!.trim()}` : null, this.regular, BODY);
    add(p.email, this.regular, BODY, MUTED);
    return out;
  }

  parties(): void {
    const gap = 24;
    const width = (CONTENT_WIDTH - gap) / 2;
    const blocks = [
      { label: 'From', x: MARGIN, lines: this.partyLines(this.inv.seller, width) },
      { label: 'Bill to', x: MARGIN + width + gap, lines: this.partyLines(this.inv.buyer, width) },
    ];
    const lineHeight = (size: number) => size * LEADING + 1;
    const heightOf = (b: (typeof blocks)[number]) =>
      16 + b.lines.reduce((h, l) => h + lineHeight(l.size), 0);
    const height = Math.max(...blocks.map(heightOf));
    // Very long addresses: the blocks can't be split side by side, so they start a page.
    if (height < this.y - BOTTOM) this.ensure(height);
    for (const b of blocks) {
      let y = this.y - 8;
      this.text(b.label.toUpperCase(), b.x, y, { font: this.bold, size: 8, color: MUTED });
      y -= 8;
      for (const l of b.lines) {
        y -= lineHeight(l.size);
        if (y < BOTTOM) break;
        this.text(l.text, b.x, y + 3, { font: l.font, size: l.size, color: l.color });
      }
    }
    this.y -= height + 24;
  }

  // --- lines table ----------------------------------------------------------------------

  tableHeader(): void {
    const h = 20;
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - h,
      width: CONTENT_WIDTH,
      height: h,
      color: HEADER_FILL,
    });
    const baseline = this.y - 13.5;
    const opts = { font: this.bold, size: 8.5, color: MUTED };
    this.text('Description', COLS.description.x + PAD, baseline, opts);
    this.text('Qty', COLS.qty.x + COLS.qty.w - PAD, baseline, { ...opts, align: 'right' });
    this.text('Unit price', COLS.unit.x + COLS.unit.w - PAD, baseline, { ...opts, align: 'right' });
    this.text('Tax', COLS.tax.x + COLS.tax.w - PAD, baseline, { ...opts, align: 'right' });
    this.text('Amount', COLS.amount.x + COLS.amount.w - PAD, baseline, { ...opts, align: 'right' });
    this.y -= h;
  }

  table(): void {
    const inv = this.inv;
    const lineHeight = BODY * LEADING;
    const rowPad = 6;
    this.ensure(20 + 2 * rowPad + lineHeight);
    this.tableHeader();
    const newPage = () => this.tableHeader();
    for (const line of inv.lines) {
      const desc = wrap(this.regular, BODY, line.description, COLS.description.w - 2 * PAD);
      const rowHeight = desc.length * lineHeight + 2 * rowPad;
      // A row that fits on a page is never split; a longer one continues on the next page.
      if (rowHeight <= PAGE_HEIGHT - MARGIN - 28 - 20 - BOTTOM - 10)
        this.ensure(rowHeight, newPage);
      else this.ensure(2 * rowPad + lineHeight, newPage);
      const first = this.y - rowPad - BODY;
      const num = (s: string, col: { x: number; w: number }) =>
        this.text(s, col.x + col.w - PAD, first, { align: 'right', maxWidth: col.w - 2 * PAD });
      num(
        line.unit ? `${formatPlain(line.quantity)} ${line.unit}` : formatPlain(line.quantity),
        COLS.qty,
      );
      num(formatMoney(line.unitPrice, inv.currency), COLS.unit);
      if (line.taxRate.trim()) num(`${formatPlain(line.taxRate)} %`, COLS.tax);
      num(formatMoney(line.amount, inv.currency), COLS.amount);
      this.y -= rowPad;
      for (const text of desc) {
        if (this.y - lineHeight < BOTTOM + 10) {
          this.addPage(true);
          newPage();
          this.y -= rowPad;
        }
        this.text(text, COLS.description.x + PAD, this.y - BODY, {});
        this.y -= lineHeight;
      }
      this.y -= rowPad;
      this.page.drawLine({
        start: { x: MARGIN, y: this.y },
        end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
        thickness: 0.5,
        color: RULE,
      });
    }
    if (inv.lines.length === 0) {
      this.text('No lines', COLS.description.x + PAD, this.y - rowPad - BODY, { color: MUTED });
      this.y -= lineHeight + 2 * rowPad;
    }
    this.y -= 14;
  }

  // --- totals ---------------------------------------------------------------------------

  totals(): void {
    const inv = this.inv;
    const c = inv.currency;
    const rows: { label: string; value: string; strong?: boolean; ruleAbove?: boolean }[] = [
      { label: 'Subtotal', value: formatMoney(inv.subtotal, c) },
    ];
    if (!isZero(inv.discount)) {
      rows.push({
        label: present(inv.discountLabel) ?? 'Discount',
        value: formatMoney(negate(inv.discount), c),
      });
    }
    for (const t of inv.taxes) {
      rows.push({
        label: `Tax ${formatPlain(t.rate)} % on ${formatMoney(t.base, c)}`,
        value: formatMoney(t.amount, c),
      });
    }
    rows.push({ label: 'Total', value: formatMoney(inv.total, c), strong: true, ruleAbove: true });
    if (!isZero(inv.paid)) {
      rows.push({ label: 'Paid', value: formatMoney(negate(inv.paid), c) });
    }
    if (inv.credited !== undefined && !isZero(inv.credited)) {
      rows.push({ label: 'Credited', value: formatMoney(negate(inv.credited), c) });
    }
    // An estimate asks for no payment: its total is the last row.
    if (inv.showBalance ?? true) {
      rows.push({
        label: 'Balance due',
        value: formatMoney(inv.balance, c),
        strong: true,
        ruleAbove: true,
      });
    }

    const rowHeight = 17;
    const height = rows.length * rowHeight + 12;
    this.ensure(height);
    const width = 270;
    const left = PAGE_WIDTH - MARGIN - width;
    const right = PAGE_WIDTH - MARGIN;
    const valueWidth = 110;
    for (const r of rows) {
      if (r.ruleAbove) {
        this.y -= 3;
        this.page.drawLine({
          start: { x: left, y: this.y },
          end: { x: right, y: this.y },
          thickness: 0.75,
          color: RULE,
        });
        this.y -= 3;
      }
      const font = r.strong ? this.bold : this.regular;
      const size = r.strong ? 10.5 : BODY;
      const baseline = this.y - 12;
      this.text(r.label, left, baseline, {
        font,
        size,
        color: r.strong ? TEXT : MUTED,
        maxWidth: width - valueWidth - 8,
      });
      this.text(r.value, right, baseline, { font, size, align: 'right', maxWidth: valueWidth });
      this.y -= rowHeight;
    }
    this.y -= 20;
  }

  // --- notes ----------------------------------------------------------------------------

  section(title: string, body: string | null): void {
    const text = present(body);
    if (!text) return;
    const lineHeight = BODY * LEADING;
    const lines = wrap(this.regular, BODY, text, CONTENT_WIDTH);
    // The heading stays with at least its first two lines.
    this.ensure(16 + Math.min(lines.length, 2) * lineHeight);
    this.text(title, MARGIN, this.y - 10, { font: this.bold, size: 10 });
    this.y -= 16;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.text(line, MARGIN, this.y - BODY, {});
      this.y -= lineHeight;
    }
    this.y -= 14;
  }

  // --- page furniture -------------------------------------------------------------------

  /** How far the page furniture of `page` is lifted: above the QR-bill on its page. */
  lift(page: PDFPage): number {
    // The page number's baseline 16 pt above the bill's scissors line.
    return page === this.billPage ? QR_BILL_HEIGHT - (MARGIN - 4) + 16 : 0;
  }

  /** The bottom of the current page (or of a new last page) kept for the Swiss QR-bill. */
  reserveQrBill(): void {
    if (this.y - this.footerHeight() - 12 < BOTTOM + QR_BILL_HEIGHT - (MARGIN - 4) + 16) {
      this.addPage(true);
    }
    this.billPage = this.page;
  }

  footerLines(): string[] {
    const text = present(this.inv.footer);
    return text ? wrap(this.regular, 8, text, CONTENT_WIDTH).slice(0, 12) : [];
  }

  footerHeight(): number {
    return this.footerLines().length * 8 * LEADING;
  }

  footer(): void {
    const lines = this.footerLines();
    if (!lines.length) return;
    const size = 8;
    const lineHeight = size * LEADING;
    const height = lines.length * lineHeight;
    // On the last page, between the content and the page number.
    if (this.y - height - 12 < BOTTOM + this.lift(this.page)) this.addPage(true);
    let y = BOTTOM + this.lift(this.page) + height - size;
    for (const line of lines) {
      const w = this.regular.pdf.widthOfTextAtSize(line, size);
      this.text(line, (PAGE_WIDTH - w) / 2, y, { size, color: MUTED });
      y -= lineHeight;
    }
  }

  pageNumbers(): void {
    const n = this.pages.length;
    this.pages.forEach((page, i) => {
      this.page = page;
      const baseline = MARGIN - 4 + this.lift(page);
      this.page.drawLine({
        start: { x: MARGIN, y: baseline + 14 },
        end: { x: PAGE_WIDTH - MARGIN, y: baseline + 14 },
        thickness: 0.5,
        color: RULE,
      });
      this.text(this.title, MARGIN, baseline, { size: 8, color: MUTED });
      this.text(`Page ${i + 1} of ${n}`, PAGE_WIDTH - MARGIN, baseline, {
        size: 8,
        color: MUTED,
        align: 'right',
      });
    });
  }
}

/** Renders the invoice as an A4 PDF. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([embed(pdf, bytes.regular), embed(pdf, bytes.bold)]);

  const r = new Renderer(pdf, regular, bold, doc, await embedLogo(pdf, doc.logo));
  const sellerName = clean(regular, doc.seller.name).trim();
  pdf.setTitle(r.title);
  if (sellerName) pdf.setAuthor(sellerName);
  pdf.setCreator('Keel');
  pdf.setProducer('Keel (pdf-lib)');

  r.addPage(false);
  r.drawLogo();
  r.header();
  r.parties();
  r.table();
  r.totals();
  if (doc.paymentQr?.kind === 'epc') drawEpcBlock(r, doc.paymentQr, MARGIN, CONTENT_WIDTH);
  r.section(doc.notesTitle ?? 'Notes', doc.notes);
  r.section('Payment instructions', doc.paymentInstructions);
  if (doc.paymentQr?.kind === 'swiss') r.reserveQrBill();
  r.footer();
  if (doc.paymentQr?.kind === 'swiss') {
    r.page = r.billPage!;
    drawSwissQrBill(r, doc.paymentQr);
  }
  r.pageNumbers();

  return pdf.save();
}
