/**
 * Payment QR codes for an invoice's balance, built from exact decimal strings:
 *
 * - the EPC QR code (EPC069-12 "Quick Response Code", version 002, UTF-8) that European
 *   banking apps read into a SEPA credit transfer: EUR invoices with a seller IBAN;
 * - the Swiss QR-bill (Swiss Payment Standards, "SPC" 0200, coding 1) for CHF or EUR
 *   invoices of a seller in Switzerland or Liechtenstein with a CH/LI IBAN: the payload,
 *   and the payment part with receipt drawn at the bottom of an A4 page.
 *
 * The builders throw a PaymentQrError naming what is wrong; `paymentQrFor` answers null
 * instead (no code rather than a code a bank refuses), so an invoice always renders.
 */
import { electronicFormatIBAN, isQRIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { rgb, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { compareAmounts, fromMinor, toMinor } from '../../../shared/invoice-math.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { PaymentQrView } from '../../../shared/portal.schema.ts';

export class PaymentQrError extends Error {}

export interface PaymentParty {
  name: string;
  /** Street and building number as written ("Bahnhofstrasse 12"). */
  street?: string | null;
  postalCode?: string | null;
  city?: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string | null;
}

export interface PaymentRequest {
  /** ISO 4217. */
  currency: string;
  /** The balance to pay, an exact decimal string. */
  amount: string;
  /** The invoice number: the remittance information the payer's bank passes on. */
  invoiceNumber: string;
  creditor: PaymentParty & { iban: string | null | undefined; bic?: string | null };
  debtor?: PaymentParty | null;
}

export type SwissReference =
  { type: 'QRR'; value: string } | { type: 'SCOR'; value: string } | { type: 'NON'; value: '' };

export type PaymentQr =
  | { kind: 'epc'; payload: string; request: PaymentRequest }
  | {
      kind: 'swiss';
      payload: string;
      request: PaymentRequest;
      reference: SwissReference;
      /** The debtor as printed ("Payable by"), or null for the blank box. */
      debtor: SwissAddress | null;
      creditor: SwissAddress;
    };

// ---------------------------------------------------------------------------------------
// Shared

const MAX_MINOR = 99_999_999_999n; // 999,999,999.99

/** The amount with two decimals, within 0.01–999,999,999.99, or a PaymentQrError. */
function transferAmount(amount: string): string {
  let minor: bigint;
  try {
    minor = toMinor(amount.trim(), 2);
  } catch {
    throw new PaymentQrError(`The amount ${amount} is not an amount with at most 2 decimals`);
  }
  if (minor < 1n) throw new PaymentQrError('The amount must be at least 0.01');
  if (minor > MAX_MINOR) throw new PaymentQrError('The amount must be at most 999,999,999.99');
  return fromMinor(minor, 2);
}

function validIban(iban: string | null | undefined): string {
  const electronic = electronicFormatIBAN(iban ?? '') ?? '';
  if (!electronic || !isValidIBAN(electronic)) {
    throw new PaymentQrError('The IBAN is missing or its check digits are wrong');
  }
  return electronic;
}

function oneLine(text: string | null | undefined): string {
  return (text ?? '')
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** At most `max` characters (code points, never half a surrogate pair). */
function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('').trim();
}

// ---------------------------------------------------------------------------------------
// EPC QR code (EPC069-12 v3.0, version 002)

export const EPC_MAX_BYTES = 331;

/**
 * The EPC payload: service tag, version 002, character set 1 (UTF-8), SCT, the BIC (may be
 * empty in version 002), the beneficiary name (≤ 70), IBAN, "EUR" + amount, an empty
 * purpose, no structured reference, and the invoice number as unstructured remittance
 * (≤ 140), lines joined with LF and no trailing empty lines.
 */
export function epcPayload(request: PaymentRequest): string {
  if (request.currency !== 'EUR') throw new PaymentQrError('The EPC QR code is for euros only');
  const iban = validIban(request.creditor.iban);
  const bic = oneLine(request.creditor.bic).replace(/\s/g, '').toUpperCase();
  if (bic && !isValidBIC(bic)) throw new PaymentQrError(`The BIC ${bic} is not valid`);
  const name = cut(oneLine(request.creditor.name), 70);
  if (!name) throw new PaymentQrError('The beneficiary name is missing');
  const remittance = oneLine(request.invoiceNumber);
  if (!remittance) throw new PaymentQrError('The invoice number is missing');
  if (Array.from(remittance).length > 140) {
    throw new PaymentQrError('The invoice number is longer than 140 characters');
  }
  const payload = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    iban,
    `EUR${transferAmount(request.amount)}`,
    '', // purpose
    '', // structured remittance (creditor reference)
    remittance,
  ].join('\n');
  if (Buffer.byteLength(payload, 'utf8') > EPC_MAX_BYTES) {
    throw new PaymentQrError(`The EPC payload is longer than ${EPC_MAX_BYTES} bytes`);
  }
  return payload;
}

// ---------------------------------------------------------------------------------------
// References

function iso7064Mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

/** Letters as ISO 13616/11649 numbers: A = 10 … Z = 35. */
function lettersToDigits(text: string): string {
  return Array.from(text, (ch) => (/\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55))).join('');
}

/**
 * The ISO 11649 creditor reference of an invoice number: its letters and digits
 * (upper-cased, at most 21) after "RF" and two check digits ("INV-0042" → "RF47INV0042").
 * Null when the number has no letter or digit, or more than 21 of them.
 */
export function creditorReference(invoiceNumber: string): string | null {
  const body = invoiceNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!body || body.length > 21) return null;
  const check = 98 - iso7064Mod97(lettersToDigits(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** Whether a creditor reference's check digits are right. */
export function isCreditorReference(reference: string): boolean {
  const r = reference.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(r)) return false;
  return iso7064Mod97(lettersToDigits(`${r.slice(4)}${r.slice(0, 4)}`)) === 1;
}

const MOD10_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5];

/** The check digit of a QR reference (modulo 10, recursive). */
function mod10Recursive(digits: string): number {
  let carry = 0;
  for (const ch of digits) carry = MOD10_TABLE[(carry + Number(ch)) % 10]!;
  return (10 - carry) % 10;
}

/**
 * The 27-digit QR reference of an invoice number, for a QR-IBAN: the number's digits
 * (at most 26) left-padded with zeros and the check digit. Null without digits.
 */
export function qrReference(invoiceNumber: string): string | null {
  const digits = invoiceNumber.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits || digits.length > 26 || /^0+$/.test(digits)) return null;
  const body = digits.padStart(26, '0');
  return `${body}${mod10Recursive(body)}`;
}

// ---------------------------------------------------------------------------------------
// Swiss QR-bill (Swiss Implementation Guidelines QR-bill 2.3, SPC 0200)

export interface SwissAddress {
  name: string;
  street: string;
  buildingNumber: string;
  postalCode: string;
  town: string;
  countryCode: string;
}

/**
 * The characters the Swiss Payment Standards allow: Basic Latin, Latin-1 Supplement,
 * Latin Extended-A, Ș ș Ț ț and €. Another letter is written without its accents when that
 * leaves an allowed one ("ǅ", "ộ"), anything else becomes ".".
 */
function swissText(text: string | null | undefined, max: number): string {
  const allowed = (cp: number) =>
    (cp >= 0x20 && cp <= 0x7e) ||
    (cp >= 0xa0 && cp <= 0x17f) ||
    (cp >= 0x218 && cp <= 0x21b) ||
    cp === 0x20ac;
  let out = '';
  for (const ch of oneLine(text)) {
    if (allowed(ch.codePointAt(0)!)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
    out += base && Array.from(base).every((c) => allowed(c.codePointAt(0)!)) ? base : '.';
  }
  return cut(out, max);
}

/** "Bahnhofstrasse 12a" → street and building number; a street without a number keeps it all. */
export function splitStreet(street: string): { street: string; buildingNumber: string } {
  const m = /^(.*\S)\s+(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?)$/.exec(street.trim());
  return m
    ? { street: m[1]!, buildingNumber: m[2]!.replace(/\s/g, '') }
    : { street, buildingNumber: '' };
}

/** A structured (type S) address, or null when its name, postcode, town or country is missing. */
function swissAddress(party: PaymentParty | null | undefined): SwissAddress | null {
  if (!party) return null;
  const { street, buildingNumber } = splitStreet(oneLine(party.street));
  const address: SwissAddress = {
    name: swissText(party.name, 70),
    street: swissText(street, 70),
    buildingNumber: swissText(buildingNumber, 16),
    postalCode: swissText(party.postalCode, 16),
    town: swissText(party.city, 35),
    countryCode: oneLine(party.countryCode).toUpperCase(),
  };
  if (!address.name || !address.postalCode || !address.town) return null;
  if (!/^[A-Z]{2}$/.test(address.countryCode)) return null;
  return address;
}

const addressLines = (a: SwissAddress | null): string[] =>
  a
    ? ['S', a.name, a.street, a.buildingNumber, a.postalCode, a.town, a.countryCode]
    : ['', '', '', '', '', '', ''];

/** Whether a seller can be paid with a Swiss QR-bill: in CH or LI, with a CH or LI IBAN. */
export function isSwissCreditor(creditor: PaymentRequest['creditor']): boolean {
  const iban = electronicFormatIBAN(creditor.iban ?? '') ?? '';
  const country = oneLine(creditor.countryCode).toUpperCase();
  return (country === 'CH' || country === 'LI') && /^(CH|LI)/.test(iban);
}

/**
 * The Swiss QR-bill: creditor (type S), amount and currency (CHF or EUR), the debtor when
 * its address is known, the reference and the invoice number as unstructured message.
 * The reference is chosen by the IBAN: a QR-IBAN takes a QR reference (QRR) made from
 * the invoice number's digits; any other IBAN a creditor reference (SCOR) made from the
 * invoice number, or none (NON) when the number makes none. `reference` forces a type:
 * QRR without a QR-IBAN, or SCOR/NON with one, is refused.
 */
export function swissQrBill(
  request: PaymentRequest,
  reference?: SwissReference['type'],
): Extract<PaymentQr, { kind: 'swiss' }> {
  if (request.currency !== 'CHF' && request.currency !== 'EUR') {
    throw new PaymentQrError('A QR-bill is in CHF or EUR only');
  }
  const iban = validIban(request.creditor.iban);
  if (!/^(CH|LI)/.test(iban)) throw new PaymentQrError('A QR-bill needs a CH or LI IBAN');
  const creditor = swissAddress(request.creditor);
  if (!creditor) {
    throw new PaymentQrError("The creditor's name, postcode, town and country are required");
  }
  const qrIban = isQRIBAN(iban);
  const type = reference ?? (qrIban ? 'QRR' : 'SCOR');
  if (type === 'QRR' && !qrIban) throw new PaymentQrError('A QR reference needs a QR-IBAN');
  if (type !== 'QRR' && qrIban) throw new PaymentQrError('A QR-IBAN needs a QR reference');
  let ref: SwissReference;
  if (type === 'QRR') {
    const value = qrReference(request.invoiceNumber);
    if (!value) throw new PaymentQrError('The invoice number has no digits for a QR reference');
    ref = { type, value };
  } else {
    const value = type === 'SCOR' ? creditorReference(request.invoiceNumber) : null;
    ref = value ? { type: 'SCOR', value } : { type: 'NON', value: '' };
  }
  const debtor = swissAddress(request.debtor);
  const message = swissText(request.invoiceNumber, 140);
  const payload = [
    'SPC',
    '0200',
    '1',
    iban,
    ...addressLines(creditor),
    ...addressLines(null), // ultimate creditor: reserved, empty
    transferAmount(request.amount),
    request.currency,
    ...addressLines(debtor),
    ref.type,
    ref.value,
    message,
    'EPD',
  ].join('\n');
  if (payload.length > 997) throw new PaymentQrError('The QR-bill payload is too long');
  return { kind: 'swiss', payload, request, reference: ref, debtor, creditor };
}

// ---------------------------------------------------------------------------------------
// Choice

/**
 * The payment QR code an invoice carries, or null: a Swiss QR-bill for a CHF or EUR
 * invoice of a Swiss or Liechtenstein seller with a CH/LI IBAN, the EPC code for any other
 * EUR invoice with an IBAN; nothing without a positive balance or with data a bank would
 * refuse.
 */
export function paymentQrFor(request: PaymentRequest): PaymentQr | null {
  try {
    if (!request.creditor.iban || compareAmounts(request.amount, '0') <= 0) return null;
    if (isSwissCreditor(request.creditor)) {
      return request.currency === 'CHF' || request.currency === 'EUR' ? swissQrBill(request) : null;
    }
    if (request.currency !== 'EUR') return null;
    return { kind: 'epc', payload: epcPayload(request), request };
  } catch (error) {
    if (error instanceof PaymentQrError) return null;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Drawing

/** The QR code's modules (true = dark), byte mode in UTF-8, error correction M. */
export function qrModules(payload: string): {
  size: number;
  dark: (x: number, y: number) => boolean;
} {
  const qr = QRCode.create([{ data: Buffer.from(payload, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  const { size, data } = qr.modules;
  return { size, dark: (x, y) => data[y * size + x] === 1 };
}

/**
 * The dark modules as one SVG path (a rectangle per horizontal run, one unit per module),
 * shifted by `offset` modules, and the code's size in modules.
 */
export function qrPath(payload: string, offset = 0): { size: number; path: string } {
  const { size, dark } = qrModules(payload);
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size;) {
      if (!dark(col, row)) {
        col++;
        continue;
      }
      let end = col;
      while (end < size && dark(end, row)) end++;
      parts.push(`M${col + offset} ${row + offset}h${end - col}v1h${col - end}z`);
      col = end;
    }
  }
  return { size, path: parts.join('') };
}

/**
 * Draws the code with its top-left corner at (x, top), `width` points wide without the
 * quiet zone (keep 4 modules clear around it).
 */
export function drawQrCode(page: PDFPage, payload: string, x: number, top: number, width: number) {
  const { size, path } = qrPath(payload);
  page.drawSvgPath(path, { x, y: top, scale: width / size, color: rgb(0, 0, 0), borderWidth: 0 });
  return { modules: size };
}

// ---------------------------------------------------------------------------------------
// An issued invoice's code

/** The parts of a party a payment code reads; the address and bank parts may be absent. */
type InvoiceParty = PaymentParty & { iban?: string | null; bic?: string | null };

/**
 * The code for an issued invoice's balance, from its frozen seller (the payee, its IBAN
 * and BIC) and buyer: none for a draft, a void invoice or one with nothing left to pay.
 */
export function invoicePaymentQr(invoice: {
  invoiceNumber: string | null;
  status: string;
  currency: string;
  balance: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
}): PaymentQr | null {
  if (!invoice.invoiceNumber || invoice.status === 'draft' || invoice.status === 'void') {
    return null;
  }
  const { seller, buyer } = invoice;
  return paymentQrFor({
    currency: invoice.currency,
    amount: invoice.balance,
    invoiceNumber: invoice.invoiceNumber,
    creditor: {
      name: seller.name,
      iban: seller.iban,
      bic: seller.bic,
      street: seller.street,
      postalCode: seller.postalCode,
      city: seller.city,
      countryCode: seller.countryCode,
    },
    debtor: {
      name: buyer.name,
      street: buyer.street,
      postalCode: buyer.postalCode,
      city: buyer.city,
      countryCode: buyer.countryCode,
    },
  });
}

/**
 * The code as an SVG image (a data URL) for a web page: black on white with a 4-module
 * quiet zone, whatever the page's theme, and the Swiss cross in the middle of a QR-bill's.
 */
export function paymentQrImage(qr: PaymentQr): string {
  const quiet = 4;
  const { size, path } = qrPath(qr.payload, quiet);
  const full = size + 2 * quiet;
  let cross = '';
  if (qr.kind === 'swiss') {
    // 7 mm on 46 mm, as on paper; the flag's proportions inside a thin white border.
    const outer = (size * 7) / 46;
    const inner = (size * 6.4) / 46;
    const unit = inner / 32;
    const c = full / 2;
    const square = (w: number, h: number, fill: string) =>
      `<rect x="${(c - w / 2).toFixed(3)}" y="${(c - h / 2).toFixed(3)}" width="${w.toFixed(3)}" height="${h.toFixed(3)}" fill="${fill}"/>`;
    cross =
      square(outer, outer, '#fff') +
      square(inner, inner, '#000') +
      square(6 * unit, 20 * unit, '#fff') +
      square(20 * unit, 6 * unit, '#fff');
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#fff"/><path fill="#000" d="${path}"/>${cross}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The code as a web page shows it: its image, what it says and what it holds. */
export function paymentQrView(qr: PaymentQr | null): PaymentQrView | null {
  if (!qr) return null;
  const { amount, currency } = qr.request;
  return {
    kind: qr.kind,
    image: paymentQrImage(qr),
    label: `Scan to pay ${formatMoney(amount, currency)} by bank transfer`,
    payload: qr.payload,
  };
}
