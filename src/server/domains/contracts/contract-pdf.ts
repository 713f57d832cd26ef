/**
 * The contract as a PDF (issue 40, item 4): its pages (the body's Markdown laid out with
 * headings, paragraphs, lists, bold and italic), a signature block with both parties'
 * signatures, and a certificate of completion listing the audit trail with each event's
 * hash and the content hash. contract-seal.ts seals the result.
 *
 * It draws with the invoice PDF's fonts and text helpers (invoice-pdf.ts): DejaVu Sans
 * subsets, so names in any European script render; italic is the same face slanted.
 */
import {
  PDFDocument,
  PageSizes,
  StandardFonts,
  degrees,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import {
  formatCalendarDate,
  formatDateTime,
  workspaceClock,
  type DisplayPreferences,
} from '../../../shared/datetime.ts';
import { formatMoney } from '../../../shared/money.ts';
import { LINE_BREAK, markdownBlocks, type MarkdownRun } from '../../../shared/markdown.ts';
import {
  clean,
  embed,
  embedLogo,
  fontkit,
  loadFontBytes,
  unitWidth,
  wrap,
  type Font,
} from '../invoices/invoice-pdf.ts';

export interface ContractPdfParty {
  name: string;
  address?: string | null;
  email?: string | null;
}

export interface ContractPdfSignature {
  party: 'client' | 'business';
  /** The signer's full name as typed when signing. */
  name: string;
  /** ISO instant. */
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  /** A drawn signature: the PNG's bytes. */
  image?: Uint8Array | null;
  /** A typed signature: the text typed, drawn in a handwriting-like face. */
  typed?: string | null;
}

export interface ContractPdfAuditEvent {
  /** ISO instant. */
  at: string;
  /** created, sent, viewed, signed, countersigned, declined, voided… */
  event: string;
  /** A user's name, or "client via portal". */
  actor: string;
  ip: string | null;
  userAgent: string | null;
  /** The event's SHA-256 (hex) in the audit chain. */
  hash: string;
}

export interface ContractPdfInput {
  business: ContractPdfParty & {
    /** PNG or JPEG; other images are left out. */
    logo?: { data: Uint8Array; contentType: string } | null;
  };
  client: ContractPdfParty;
  title: string;
  /** Markdown, merge fields already filled. */
  body: string;
  /** Exact decimal string, printed in `currency`. */
  fee?: string | null;
  /** ISO 4217. */
  currency?: string | null;
  /** Calendar dates, YYYY-MM-DD. */
  startDate?: string | null;
  endDate?: string | null;
  /** ISO instants. */
  sentAt?: string | null;
  completedAt?: string | null;
  /** SHA-256 (hex) of the contract's canonical content, recorded when it was sent. */
  contentHash: string;
  signatures: ContractPdfSignature[];
  audit: ContractPdfAuditEvent[];
  /** The workspace's clock: every time is printed in its zone and formats. */
  timeZone: string;
  dateFormat: DisplayPreferences['dateFormat'];
  timeFormat?: DisplayPreferences['timeFormat'];
}

export const CERTIFICATE_TITLE = 'Certificate of completion';

// ---------------------------------------------------------------------------------------
// Markdown: read by `marked` (src/shared/markdown.ts), the same blocks the screen shows.

type Run = MarkdownRun;

// ---------------------------------------------------------------------------------------
// Layout

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 56;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = MARGIN + 20;

const TEXT = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.85, 0.86, 0.88);
const INK = rgb(0.08, 0.16, 0.45);

const BODY = 10;
const LEADING = 1.4;
/** Italic is the upright face with its vertical strokes slanted (ySkew: x moves with y). */
const ITALIC_SKEW = degrees(12);

interface Segment {
  text: string;
  font: Font;
  italic: boolean;
  width: number;
}

interface Line {
  segments: Segment[];
}

const LOGO_MAX_WIDTH = 150;
const LOGO_MAX_HEIGHT = 50;
const SIGNATURE_BOX_HEIGHT = 56;

class ContractRenderer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  private readonly clock: DisplayPreferences;

  constructor(
    readonly pdf: PDFDocument,
    readonly regular: Font,
    readonly bold: Font,
    readonly script: PDFFont,
    readonly input: ContractPdfInput,
  ) {
    this.clock = workspaceClock({
      timezone: input.timeZone,
      dateFormat: input.dateFormat,
      timeFormat: input.timeFormat ?? '12h',
    });
  }

  addPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  ensure(height: number): void {
    if (this.y - height < BOTTOM + 10) this.addPage();
  }

  text(
    s: string,
    x: number,
    baseline: number,
    opts: { font?: Font; size?: number; color?: ReturnType<typeof rgb>; italic?: boolean } = {},
  ): number {
    const font = opts.font ?? this.regular;
    const size = opts.size ?? BODY;
    const t = clean(font, s);
    if (!t) return 0;
    this.page.drawText(t, {
      x,
      y: baseline,
      size,
      font: font.pdf,
      color: opts.color ?? TEXT,
      ...(opts.italic ? { ySkew: ITALIC_SKEW } : {}),
    });
    return font.pdf.widthOfTextAtSize(t, size);
  }

  /** Plain wrapped text, one style; returns nothing, moves `y`. */
  paragraph(
    s: string,
    opts: {
      font?: Font;
      size?: number;
      color?: ReturnType<typeof rgb>;
      x?: number;
      width?: number;
    } = {},
  ): void {
    const font = opts.font ?? this.regular;
    const size = opts.size ?? BODY;
    const x = opts.x ?? MARGIN;
    const lineHeight = size * LEADING;
    for (const line of wrap(font, size, s, opts.width ?? CONTENT_WIDTH)) {
      this.ensure(lineHeight);
      this.text(line, x, this.y - size, { font, size, color: opts.color });
      this.y -= lineHeight;
    }
  }

  fontOf(run: Run): Font {
    return run.bold ? this.bold : this.regular;
  }

  /** Styled runs broken into lines no wider than `width`. */
  layout(runs: Run[], size: number, width: number, forceBold = false): Line[] {
    const max = width / size;
    const lines: Line[] = [];
    let current: Segment[] = [];
    let lineWidth = 0;
    let pendingSpace = false;
    const push = () => {
      lines.push({ segments: current });
      current = [];
      lineWidth = 0;
      pendingSpace = false;
    };
    for (const run of runs) {
      if (run.text === LINE_BREAK) {
        // A hard break ends the line even when it is empty (two breaks: a blank line).
        push();
        continue;
      }
      const font = forceBold ? this.bold : this.fontOf(run);
      const space = unitWidth(font, ' ');
      for (const piece of clean(font, run.text).split(/( +)/)) {
        if (!piece) continue;
        if (piece.trim() === '') {
          pendingSpace = current.length > 0;
          continue;
        }
        const w = unitWidth(font, piece);
        const gap = pendingSpace ? space : 0;
        if (current.length && lineWidth + gap + w > max) push();
        if (w > max) {
          // A word wider than the column is broken wherever it has to be.
          let part = '';
          let partWidth = 0;
          for (const ch of piece) {
            const cw = unitWidth(font, ch);
            if (part && lineWidth + partWidth + cw > max) {
              current.push({ text: part, font, italic: run.italic, width: partWidth });
              push();
              part = '';
              partWidth = 0;
            }
            part += ch;
            partWidth += cw;
          }
          current.push({ text: part, font, italic: run.italic, width: partWidth });
          lineWidth += partWidth;
          pendingSpace = false;
          continue;
        }
        const text = current.length && pendingSpace ? ` ${piece}` : piece;
        const textWidth = current.length && pendingSpace ? w + space : w;
        current.push({ text, font, italic: run.italic, width: textWidth });
        lineWidth += textWidth;
        pendingSpace = false;
      }
      // Spaces at a run's end belong before the next run's first word.
      if (/ $/.test(run.text)) pendingSpace = current.length > 0;
    }
    if (current.length) push();
    return lines;
  }

  drawRuns(
    runs: Run[],
    opts: {
      size?: number;
      x?: number;
      width?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
    } = {},
  ): void {
    const size = opts.size ?? BODY;
    const x0 = opts.x ?? MARGIN;
    const lineHeight = size * LEADING;
    for (const line of this.layout(
      runs,
      size,
      opts.width ?? CONTENT_WIDTH - (x0 - MARGIN),
      opts.bold,
    )) {
      this.ensure(lineHeight);
      let x = x0;
      for (const seg of line.segments) {
        this.page.drawText(seg.text, {
          x,
          y: this.y - size,
          size,
          font: seg.font.pdf,
          color: opts.color ?? TEXT,
          ...(seg.italic ? { ySkew: ITALIC_SKEW } : {}),
        });
        x += seg.width * size;
      }
      this.y -= lineHeight;
    }
  }

  // --- first page -------------------------------------------------------------------------

  header(logo: PDFImage | undefined): void {
    if (logo) {
      const fit = logo.scaleToFit(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT);
      const scale = Math.min(1, fit.width / logo.width);
      const h = logo.height * scale;
      this.page.drawImage(logo, { x: MARGIN, y: this.y - h, width: logo.width * scale, height: h });
      this.y -= h + 16;
    }
    for (const line of wrap(this.bold, 20, this.input.title, CONTENT_WIDTH)) {
      this.text(line, MARGIN, this.y - 20, { font: this.bold, size: 20 });
      this.y -= 26;
    }
    this.y -= 8;
    this.parties();
    this.terms();
    this.rule();
  }

  partyBlock(label: string, party: ContractPdfParty, x: number, width: number): number {
    let y = this.y;
    this.text(label.toUpperCase(), x, y - 8, { font: this.bold, size: 8, color: MUTED });
    y -= 14;
    const lines: { text: string; font: Font; size: number; color?: ReturnType<typeof rgb> }[] = [];
    for (const l of wrap(this.bold, 11, party.name, width))
      lines.push({ text: l, font: this.bold, size: 11 });
    if (party.address?.trim())
      for (const l of wrap(this.regular, 9.5, party.address.trim(), width))
        lines.push({ text: l, font: this.regular, size: 9.5 });
    if (party.email?.trim())
      for (const l of wrap(this.regular, 9.5, party.email.trim(), width))
        lines.push({ text: l, font: this.regular, size: 9.5, color: MUTED });
    for (const l of lines) {
      y -= l.size * 1.35;
      this.text(l.text, x, y, { font: l.font, size: l.size, color: l.color });
    }
    return this.y - y;
  }

  parties(): void {
    const gap = 24;
    const width = (CONTENT_WIDTH - gap) / 2;
    const a = this.partyBlock('Business', this.input.business, MARGIN, width);
    const b = this.partyBlock('Client', this.input.client, MARGIN + width + gap, width);
    this.y -= Math.max(a, b) + 18;
  }

  terms(): void {
    const input = this.input;
    const rows: [string, string][] = [];
    if (input.fee?.trim()) {
      rows.push(['Fee', input.currency ? formatMoney(input.fee, input.currency) : input.fee]);
    }
    if (input.startDate) rows.push(['Start date', formatCalendarDate(input.startDate, this.clock)]);
    if (input.endDate) rows.push(['End date', formatCalendarDate(input.endDate, this.clock)]);
    if (input.sentAt) rows.push(['Sent', this.dateTime(input.sentAt)]);
    for (const [label, value] of rows) {
      const w = this.text(`${label}:`, MARGIN, this.y - BODY, { color: MUTED });
      this.text(value, MARGIN + w + 6, this.y - BODY);
      this.y -= BODY * LEADING;
    }
    if (rows.length) this.y -= 8;
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE_WIDTH - MARGIN, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= 16;
  }

  // --- body ---------------------------------------------------------------------------------

  body(): void {
    for (const block of markdownBlocks(this.input.body)) {
      switch (block.kind) {
        case 'heading': {
          const size = block.level === 1 ? 15 : block.level === 2 ? 13 : 11;
          // A heading stays with the first lines after it.
          this.ensure(size * LEADING + 6 + 2 * BODY * LEADING);
          this.y -= 6;
          this.drawRuns(block.runs, { size, bold: true });
          this.y -= 4;
          break;
        }
        case 'paragraph':
          this.drawRuns(block.runs);
          this.y -= 8;
          break;
        case 'quote': {
          const top = this.y;
          const startPage = this.page;
          this.drawRuns(block.runs, { x: MARGIN + 14, color: MUTED });
          if (this.page === startPage) {
            this.page.drawLine({
              start: { x: MARGIN + 4, y: top },
              end: { x: MARGIN + 4, y: this.y + 2 },
              thickness: 2,
              color: RULE,
            });
          }
          this.y -= 8;
          break;
        }
        case 'item': {
          const indent = MARGIN + 6 + block.depth * 16;
          this.ensure(BODY * LEADING);
          this.text(block.marker, indent, this.y - BODY);
          this.drawRuns(block.runs, { x: indent + 16 });
          this.y -= 3;
          break;
        }
        case 'rule':
          this.ensure(16);
          this.y -= 4;
          this.rule();
          break;
      }
    }
  }

  // --- signatures -----------------------------------------------------------------------

  dateTime(iso: string): string {
    const text = formatDateTime(iso, this.clock);
    return text ? `${text} (${this.clock.timezone})` : iso;
  }

  /** The typed signature in the handwriting-like face, or the body font slanted for other scripts. */
  drawTyped(text: string, x: number, baseline: number, maxWidth: number): void {
    let size = 24;
    const t = text.normalize('NFC').replace(/\s+/g, ' ').trim();
    try {
      const w = this.script.widthOfTextAtSize(t, size);
      if (w > maxWidth) size = (size * maxWidth) / w;
      this.page.drawText(t, { x, y: baseline, size, font: this.script, color: INK });
      return;
    } catch {
      // Characters Times cannot encode (WinAnsi only): the Unicode face, slanted.
    }
    const c = clean(this.regular, t);
    const w = this.regular.pdf.widthOfTextAtSize(c, size);
    if (w > maxWidth) size = (size * maxWidth) / w;
    this.text(c, x, baseline, { size, color: INK, italic: true });
  }

  async signatureBlock(
    sig: ContractPdfSignature | undefined,
    label: string,
    x: number,
    width: number,
    top: number,
  ): Promise<number> {
    let y = top;
    this.text(label.toUpperCase(), x, y - 8, { font: this.bold, size: 8, color: MUTED });
    y -= 14;
    const boxBottom = y - SIGNATURE_BOX_HEIGHT;
    if (sig) {
      let drawn = false;
      if (sig.image?.length) {
        try {
          const image = await this.pdf.embedPng(sig.image);
          const fit = image.scaleToFit(width, SIGNATURE_BOX_HEIGHT - 4);
          const scale = Math.min(1, fit.width / image.width);
          this.page.drawImage(image, {
            x,
            y: boxBottom + 2,
            width: image.width * scale,
            height: image.height * scale,
          });
          drawn = true;
        } catch {
          // An image that cannot be read: the typed name stands in for it below.
        }
      }
      if (!drawn) this.drawTyped(sig.typed?.trim() || sig.name, x, boxBottom + 14, width);
    }
    this.page.drawLine({
      start: { x, y: boxBottom },
      end: { x: x + width, y: boxBottom },
      thickness: 0.75,
      color: TEXT,
    });
    y = boxBottom - 4;
    const lines: { text: string; font?: Font; size: number; color?: ReturnType<typeof rgb> }[] = [];
    if (sig) {
      for (const l of wrap(this.bold, 10, sig.name, width))
        lines.push({ text: l, font: this.bold, size: 10 });
      lines.push({ text: `Signed ${this.dateTime(sig.signedAt)}`, size: 8.5 });
      if (sig.ip) lines.push({ text: `IP address: ${sig.ip}`, size: 8.5, color: MUTED });
      if (sig.userAgent)
        for (const l of wrap(this.regular, 7.5, `Browser: ${sig.userAgent}`, width).slice(0, 4))
          lines.push({ text: l, size: 7.5, color: MUTED });
    } else {
      lines.push({ text: 'Not signed', size: 9.5, color: MUTED });
    }
    for (const l of lines) {
      y -= l.size * 1.35;
      this.text(l.text, x, y, { font: l.font, size: l.size, color: l.color });
    }
    return top - y;
  }

  async signatures(): Promise<void> {
    const gap = 28;
    const width = (CONTENT_WIDTH - gap) / 2;
    // Title, boxes and their details are kept together on one page.
    this.ensure(30 + 14 + SIGNATURE_BOX_HEIGHT + 120);
    this.y -= 10;
    this.text('Signatures', MARGIN, this.y - 13, { font: this.bold, size: 13 });
    this.y -= 26;
    const find = (party: ContractPdfSignature['party']) =>
      this.input.signatures.find((s) => s.party === party);
    const top = this.y;
    const a = await this.signatureBlock(
      find('client'),
      `Client: ${this.input.client.name}`,
      MARGIN,
      width,
      top,
    );
    const b = await this.signatureBlock(
      find('business'),
      `Business: ${this.input.business.name}`,
      MARGIN + width + gap,
      width,
      top,
    );
    this.y = top - Math.max(a, b) - 16;
  }

  // --- certificate of completion ----------------------------------------------------------

  certificate(): void {
    const input = this.input;
    this.addPage();
    this.text(CERTIFICATE_TITLE, MARGIN, this.y - 18, { font: this.bold, size: 18 });
    this.y -= 30;
    this.paragraph(input.title, { font: this.bold, size: 11 });
    this.y -= 4;
    this.paragraph(`Between ${input.business.name} and ${input.client.name}.`);
    if (input.completedAt) this.paragraph(`Completed ${this.dateTime(input.completedAt)}.`);
    this.y -= 6;
    this.paragraph('Content hash (SHA-256)', { font: this.bold, size: 9 });
    this.paragraph(input.contentHash, { size: 8.5 });
    this.y -= 6;
    for (const sig of input.signatures) {
      const who = sig.party === 'client' ? 'Client' : 'Business';
      const how = sig.image?.length ? 'drawn signature' : 'typed signature';
      this.paragraph(
        `${who}: ${sig.name}, ${how}, signed ${this.dateTime(sig.signedAt)}${sig.ip ? ` from ${sig.ip}` : ''}`,
        { size: 9 },
      );
    }
    this.y -= 10;
    this.ensure(40);
    this.text('Audit trail', MARGIN, this.y - 13, { font: this.bold, size: 13 });
    this.y -= 22;
    this.paragraph(
      'Each event records the SHA-256 of the one before it, so no event can be changed or removed without breaking the chain.',
      { size: 8.5, color: MUTED },
    );
    this.y -= 8;
    for (const event of input.audit) {
      const details: { text: string; size: number; font?: Font; color?: ReturnType<typeof rgb> }[] =
        [
          {
            text: `${this.dateTime(event.at)}: ${capitalise(event.event)}`,
            size: 9.5,
            font: this.bold,
          },
          { text: `By ${event.actor}${event.ip ? ` from ${event.ip}` : ''}`, size: 8.5 },
        ];
      if (event.userAgent)
        details.push({ text: `Browser: ${event.userAgent}`, size: 8, color: MUTED });
      details.push({ text: `Event hash: ${event.hash}`, size: 8, color: MUTED });
      const lines = details.flatMap((d) =>
        wrap(d.font ?? this.regular, d.size, d.text, CONTENT_WIDTH).map((text) => ({ ...d, text })),
      );
      const height = lines.reduce((h, l) => h + l.size * LEADING, 0) + 8;
      this.ensure(height);
      for (const l of lines) {
        this.text(l.text, MARGIN, this.y - l.size, { font: l.font, size: l.size, color: l.color });
        this.y -= l.size * LEADING;
      }
      this.y -= 8;
    }
    if (input.audit.length === 0) this.paragraph('No events recorded.', { color: MUTED });
  }

  pageNumbers(): void {
    const n = this.pages.length;
    this.pages.forEach((page, i) => {
      this.page = page;
      const baseline = MARGIN - 20;
      page.drawLine({
        start: { x: MARGIN, y: baseline + 14 },
        end: { x: PAGE_WIDTH - MARGIN, y: baseline + 14 },
        thickness: 0.5,
        color: RULE,
      });
      const title = wrap(this.regular, 8, this.input.title, CONTENT_WIDTH - 80)[0] ?? '';
      this.text(title, MARGIN, baseline, { size: 8, color: MUTED });
      const label = `Page ${i + 1} of ${n}`;
      const w = this.regular.pdf.widthOfTextAtSize(label, 8);
      this.text(label, PAGE_WIDTH - MARGIN - w, baseline, { size: 8, color: MUTED });
    });
  }
}

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** Renders the contract, its signatures and its certificate of completion as an A4 PDF. */
export async function renderContractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regular, bold, script] = await Promise.all([
    embed(pdf, bytes.regular),
    embed(pdf, bytes.bold),
    pdf.embedFont(StandardFonts.TimesRomanItalic),
  ]);
  const r = new ContractRenderer(pdf, regular, bold, script, input);
  pdf.setTitle(clean(regular, input.title));
  const author = clean(regular, input.business.name).trim();
  if (author) pdf.setAuthor(author);
  pdf.setCreator('Keel');
  pdf.setProducer('Keel (pdf-lib)');

  r.addPage();
  r.header(await embedLogo(pdf, input.business.logo));
  r.body();
  await r.signatures();
  r.certificate();
  r.pageNumbers();
  return pdf.save();
}
