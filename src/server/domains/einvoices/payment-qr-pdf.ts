/**
 * The payment QR codes on the invoice PDF: a "Pay by bank transfer" block with the EPC code
 * under the totals, or the Swiss QR-bill (receipt and payment part, A6 landscape) at the
 * bottom of the last A4 page, laid out after the Swiss Payment Standards' style guide.
 */
import { friendlyFormatIBAN } from 'ibantools';
import { rgb, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../../../shared/money.ts';
import type { Font } from '../invoices/invoice-pdf.ts';
import {
  drawQrCode,
  type PaymentQr,
  type SwissAddress,
  type SwissReference,
} from './payment-qr.ts';

type Color = ReturnType<typeof rgb>;

/** What the invoice renderer lends for drawing (its page, cursor, fonts and text). */
export interface PdfCanvas {
  page: PDFPage;
  y: number;
  regular: Font;
  bold: Font;
  ensure(height: number): void;
  text(
    s: string,
    x: number,
    baseline: number,
    opts?: {
      font?: Font;
      size?: number;
      color?: Color;
      align?: 'left' | 'right';
      maxWidth?: number;
    },
  ): void;
}

const MM = 72 / 25.4;
const BLACK = rgb(0, 0, 0);
const MUTED = rgb(0.42, 0.44, 0.48);
const RULE = rgb(0.85, 0.86, 0.88);

// ---------------------------------------------------------------------------------------
// EPC block

const EPC_QR = 96; // pt, ≈ 34 mm: well above the 2 cm a phone camera needs
const EPC_PAD = 10;
export const EPC_BLOCK_HEIGHT = EPC_QR + 2 * EPC_PAD;

/**
 * "Pay by bank transfer": the code on the left, what it holds on the right, in a light
 * frame across the content width starting at the canvas cursor.
 */
export function drawEpcBlock(
  c: PdfCanvas,
  qr: Extract<PaymentQr, { kind: 'epc' }>,
  left: number,
  width: number,
): void {
  c.ensure(EPC_BLOCK_HEIGHT + 14);
  const top = c.y;
  c.page.drawRectangle({
    x: left,
    y: top - EPC_BLOCK_HEIGHT,
    width,
    height: EPC_BLOCK_HEIGHT,
    borderColor: RULE,
    borderWidth: 0.75,
  });
  drawQrCode(c.page, qr.payload, left + EPC_PAD, top - EPC_PAD, EPC_QR);
  const { request } = qr;
  const x = left + EPC_PAD + EPC_QR + 16;
  const labelWidth = 62;
  const valueWidth = left + width - EPC_PAD - x - labelWidth;
  let y = top - EPC_PAD - 10;
  c.text('Pay by bank transfer', x, y, { font: c.bold, size: 10 });
  y -= 13;
  c.text('Scan the code with your banking app, or enter these details.', x, y, {
    size: 8,
    color: MUTED,
    maxWidth: width - (x - left) - EPC_PAD,
  });
  y -= 15;
  const rows: [string, string][] = [
    ['Payee', request.creditor.name],
    ['IBAN', friendlyFormatIBAN(request.creditor.iban ?? undefined) ?? request.creditor.iban ?? ''],
  ];
  if (request.creditor.bic?.trim()) rows.push(['BIC', request.creditor.bic.trim()]);
  rows.push(['Amount', formatMoney(request.amount, request.currency)]);
  rows.push(['Reference', request.invoiceNumber]);
  for (const [label, value] of rows) {
    c.text(label, x, y, { size: 8.5, color: MUTED });
    c.text(value, x + labelWidth, y, { size: 8.5, maxWidth: valueWidth });
    y -= 12;
  }
  c.y = top - EPC_BLOCK_HEIGHT - 20;
}

// ---------------------------------------------------------------------------------------
// Swiss QR-bill

/** The payment part with receipt: 210 × 105 mm at the bottom of an A4 page. */
export const QR_BILL_HEIGHT = 105 * MM;

/** "1949.75" → "1 949.75" (the QR-bill's amount format: a space between thousands). */
export function swissAmount(amount: string): string {
  const [whole, fraction] = amount.split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}.${fraction}`;
}

/** The reference in the groups the style guide prints. */
export function printedReference(ref: SwissReference): string {
  if (ref.type === 'QRR') {
    return `${ref.value.slice(0, 2)} ${ref.value.slice(2).replace(/(.{5})(?=.)/g, '$1 ')}`;
  }
  return ref.value.replace(/(.{4})(?=.)/g, '$1 ');
}

function addressText(a: SwissAddress): string[] {
  const street = [a.street, a.buildingNumber].filter(Boolean).join(' ');
  return [a.name, ...(street ? [street] : []), `${a.countryCode}-${a.postalCode} ${a.town}`];
}

/** Corner marks of an empty box to write in (the style guide's blank fields). */
function cornerBox(page: PDFPage, x: number, top: number, w: number, h: number): void {
  const len = 3 * MM;
  const t = 0.75;
  const corners: [number, number, number, number][] = [
    [x, top, 1, -1],
    [x + w, top, -1, -1],
    [x, top - h, 1, 1],
    [x + w, top - h, -1, 1],
  ];
  for (const [cx, cy, dx, dy] of corners) {
    page.drawLine({ start: { x: cx, y: cy }, end: { x: cx + dx * len, y: cy }, thickness: t });
    page.drawLine({ start: { x: cx, y: cy }, end: { x: cx, y: cy + dy * len }, thickness: t });
  }
}

/** The Swiss cross, 7 × 7 mm with its white border, centred on (cx, cy). */
function swissCross(page: PDFPage, cx: number, cy: number): void {
  const outer = 7 * MM;
  const inner = 6.4 * MM;
  const unit = inner / 32; // the flag's proportions: arms 6 wide, the cross 20 across
  page.drawRectangle({
    x: cx - outer / 2,
    y: cy - outer / 2,
    width: outer,
    height: outer,
    color: rgb(1, 1, 1),
  });
  page.drawRectangle({
    x: cx - inner / 2,
    y: cy - inner / 2,
    width: inner,
    height: inner,
    color: BLACK,
  });
  const white = rgb(1, 1, 1);
  page.drawRectangle({
    x: cx - 3 * unit,
    y: cy - 10 * unit,
    width: 6 * unit,
    height: 20 * unit,
    color: white,
  });
  page.drawRectangle({
    x: cx - 10 * unit,
    y: cy - 3 * unit,
    width: 20 * unit,
    height: 6 * unit,
    color: white,
  });
}

/**
 * Draws the QR-bill at the bottom of the canvas's current page (the caller keeps the
 * bottom QR_BILL_HEIGHT free): the scissors line, the receipt on the left and the payment
 * part with the QR code, the Swiss cross in its middle, on the right.
 */
export function drawSwissQrBill(c: PdfCanvas, qr: Extract<PaymentQr, { kind: 'swiss' }>): void {
  const page = c.page;
  const pageWidth = page.getWidth();
  const top = QR_BILL_HEIGHT;
  const receiptWidth = 62 * MM;
  const margin = 5 * MM;
  const dash = { dashArray: [3, 2], thickness: 0.5, color: BLACK };

  // Separation lines, with the scissors and the instruction above them.
  page.drawLine({ start: { x: 0, y: top }, end: { x: pageWidth, y: top }, ...dash });
  page.drawLine({ start: { x: receiptWidth, y: 0 }, end: { x: receiptWidth, y: top }, ...dash });
  c.text('✂', 10 * MM, top - 3, { size: 9 });
  const separate = 'Separate before paying in';
  const separateWidth = c.regular.pdf.widthOfTextAtSize(separate, 7);
  c.text(separate, (pageWidth - separateWidth) / 2, top + 4, { size: 7, color: MUTED });

  const { request, reference, creditor, debtor } = qr;
  const iban = friendlyFormatIBAN(request.creditor.iban ?? undefined) ?? '';
  const amount = swissAmount(
    request.amount.includes('.') ? request.amount : `${request.amount}.00`,
  );

  // --- receipt (headings 6 pt, values 8 pt) ---
  {
    const x = margin;
    const w = receiptWidth - 2 * margin;
    let y = top - margin - 11;
    c.text('Receipt', x, y, { font: c.bold, size: 11 });
    y -= 7 * MM - 11 + 9;
    const heading = (s: string) => {
      c.text(s, x, y, { font: c.bold, size: 6, maxWidth: w });
      y -= 9;
    };
    const value = (s: string) => {
      c.text(s, x, y, { size: 8, maxWidth: w });
      y -= 9;
    };
    heading('Account / Payable to');
    value(iban);
    for (const line of addressText(creditor)) value(line);
    y -= 9;
    if (reference.type !== 'NON') {
      heading('Reference');
      value(printedReference(reference));
      y -= 9;
    }
    if (debtor) {
      heading('Payable by');
      for (const line of addressText(debtor)) value(line);
    } else {
      heading('Payable by (name/address)');
      cornerBox(page, x, y + 6, 52 * MM, 20 * MM);
    }
    // Amount section, 14 mm high, above the acceptance point.
    const amountTop = 18 * MM + 14 * MM;
    c.text('Currency', x, amountTop - 6, { font: c.bold, size: 6 });
    c.text('Amount', x + 22 * MM, amountTop - 6, { font: c.bold, size: 6 });
    c.text(request.currency, x, amountTop - 6 - 11, { size: 8 });
    c.text(amount, x + 22 * MM, amountTop - 6 - 11, { size: 8 });
    c.text('Acceptance point', receiptWidth - margin, 18 * MM - 8, {
      font: c.bold,
      size: 6,
      align: 'right',
    });
  }

  // --- payment part (headings 8 pt, values 10 pt) ---
  {
    const x = receiptWidth + margin;
    c.text('Payment part', x, top - margin - 11, { font: c.bold, size: 11 });
    const qrTop = top - margin - 7 * MM - 5 * MM;
    const qrSize = 46 * MM;
    drawQrCode(page, qr.payload, x, qrTop, qrSize);
    swissCross(page, x + qrSize / 2, qrTop - qrSize / 2);
    const amountTop = qrTop - qrSize - 5 * MM;
    c.text('Currency', x, amountTop - 8, { font: c.bold, size: 8 });
    c.text('Amount', x + 22 * MM, amountTop - 8, { font: c.bold, size: 8 });
    c.text(request.currency, x, amountTop - 8 - 13, { size: 10 });
    c.text(amount, x + 22 * MM, amountTop - 8 - 13, { size: 10 });

    const ix = receiptWidth + 56 * MM; // 118 mm from the left edge
    const w = pageWidth - margin - ix;
    let y = top - margin - 8;
    const heading = (s: string) => {
      c.text(s, ix, y, { font: c.bold, size: 8, maxWidth: w });
      y -= 11;
    };
    const value = (s: string) => {
      c.text(s, ix, y, { size: 10, maxWidth: w });
      y -= 11;
    };
    heading('Account / Payable to');
    value(iban);
    for (const line of addressText(creditor)) value(line);
    y -= 11;
    if (reference.type !== 'NON') {
      heading('Reference');
      value(printedReference(reference));
      y -= 11;
    }
    heading('Additional information');
    value(request.invoiceNumber);
    y -= 11;
    if (debtor) {
      heading('Payable by');
      for (const line of addressText(debtor)) value(line);
    } else {
      heading('Payable by (name/address)');
      cornerBox(page, ix, y + 8, 65 * MM, 25 * MM);
    }
  }
}
