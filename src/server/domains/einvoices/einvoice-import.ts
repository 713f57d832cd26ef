import { XMLValidator } from 'fast-xml-parser';
import { all, attr, one, parseXml, text, textAt, type XmlNode } from '../../xml.ts';
import { CURRENCIES, minorDigits } from '../../../shared/currencies.ts';
import { MAX_EXPENSE_AMOUNT } from '../../../shared/expenses.schema.ts';
import { compareAmounts, normalizeAmount } from '../../../shared/invoice-math.ts';
import { amountDecimalsMessage, fitsCurrency } from '../../../shared/money.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as expensesRepo from '../expenses/expenses.repository.ts';
import { insertReceipt } from '../files/files.service.ts';
import {
  hasEinvoiceName,
  pdfAttachments,
  xmlAttachments,
  type PdfAttachment,
} from './pdf-attachments.ts';

/*
 * Supplier e-invoices read into expenses (issue 41, item 6): a UBL 2.1 Invoice or
 * CreditNote, a UN/CEFACT CII invoice, or a Factur-X / ZUGFeRD PDF carrying one. Only the
 * EN 16931 fields an expense keeps are read; namespace prefixes vary between senders, so
 * elements are matched by their local names. Amounts stay decimal strings throughout.
 */

/** One line of the supplier's invoice (BG-25): item name, quantity, unit, net amount. */
export interface ImportedLine {
  name: string;
  quantity: string | null;
  /** UN/ECE Recommendation 20 code, e.g. `HUR`, `C62`. */
  unitCode: string | null;
  netAmount: string | null;
}

/** What Keel reads from a supplier's e-invoice. */
export interface ImportedEinvoice {
  syntax: 'UBL' | 'CII';
  /** A credit note (UBL CreditNote, CII type code 381 and kin). */
  creditNote: boolean;
  /** BT-1 */
  number: string;
  /** BT-25: the invoice a credit note credits, when it names one. */
  creditedInvoice: string | null;
  /** BT-2, as YYYY-MM-DD */
  issueDate: string;
  /** BT-5 */
  currency: string;
  /** BT-27 */
  sellerName: string;
  /** BT-31 */
  sellerVatId: string | null;
  /** BT-112, the total with VAT */
  total: string;
  /** BT-110, the VAT total in the invoice's currency (null when the document has none) */
  taxTotal: string | null;
  lines: ImportedLine[];
}

/** A refusal of the file, answered as 422 `{ error, errors: [{ rule, field, message }] }`. */
export class EinvoiceImportError extends Error {
  constructor(
    readonly rule: string,
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'EinvoiceImportError';
  }
}

export const NOT_AN_EINVOICE = 'This file is not a UBL or CII e-invoice';
export const NO_EMBEDDED_EINVOICE = 'This PDF has no embedded e-invoice';

const notEinvoice = (message = NOT_AN_EINVOICE) =>
  new EinvoiceImportError('format', 'file', message);

// XML access by local name

type Node = XmlNode;

const DECIMAL = /^[+-]?(\d+)(\.\d+)?$/;

/** A decimal string as written ("+1 000.50" is not one): its canonical form, or a refusal. */
function decimal(value: string | null, field: string, label: string): string {
  if (value === null || !DECIMAL.test(value))
    throw new EinvoiceImportError(
      'amount',
      field,
      `The e-invoice's ${label} is missing or not a number`,
    );
  return value.replace(/^\+/, '');
}

const optionalDecimal = (value: string | null) =>
  value !== null && DECIMAL.test(value) ? value.replace(/^\+/, '') : null;

function required(value: string | null, field: string, label: string): string {
  if (value === null)
    throw new EinvoiceImportError('required', field, `The e-invoice has no ${label}`);
  return value;
}

function isoDate(value: string | null, field: string): string {
  const v = value ?? '';
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v);
  const date = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!m || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw new EinvoiceImportError('date', field, 'The e-invoice has no valid issue date');
  return date;
}

// UBL 2.1

function fromUbl(root: Node, creditNote: boolean): ImportedEinvoice {
  const currency = required(textAt(root, 'DocumentCurrencyCode'), 'currency', 'currency');
  const seller = one(root, 'AccountingSupplierParty', 'Party');
  const sellerName =
    textAt(seller, 'PartyLegalEntity', 'RegistrationName') ?? textAt(seller, 'PartyName', 'Name');
  const vatScheme = all(seller, 'PartyTaxScheme').find(
    (s) => (textAt(s, 'TaxScheme', 'ID') ?? '').toUpperCase() === 'VAT',
  );
  // BT-110 is the TaxTotal in the document's currency (a second one may give BT-111).
  const taxAmounts = all(root, 'TaxTotal').map((t) => one(t, 'TaxAmount'));
  const tax =
    taxAmounts.find((a) => attr(a, 'currencyID') === currency) ??
    taxAmounts.find((a) => attr(a, 'currencyID') === null);
  const lineTag = creditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityTag = creditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
  return {
    syntax: 'UBL',
    creditNote,
    number: required(textAt(root, 'ID'), 'number', 'invoice number'),
    creditedInvoice: textAt(root, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    issueDate: isoDate(textAt(root, 'IssueDate'), 'issueDate'),
    currency,
    sellerName: required(sellerName, 'vendor', "seller's name"),
    sellerVatId: textAt(vatScheme, 'CompanyID'),
    total: decimal(
      textAt(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount'),
      'amount',
      'total with VAT',
    ),
    taxTotal: optionalDecimal(text(tax)),
    lines: all(root, lineTag).map((line) => {
      const quantity = one(line, quantityTag);
      return {
        name: textAt(line, 'Item', 'Name') ?? textAt(line, 'ID') ?? '',
        quantity: optionalDecimal(text(quantity)),
        unitCode: attr(quantity, 'unitCode'),
        netAmount: optionalDecimal(textAt(line, 'LineExtensionAmount')),
      };
    }),
  };
}

// UN/CEFACT CII

/** UNCL 1001 document types that credit (EN 16931 names 381; 261, 262, 296, 308, 396, 420, 458, 532 kin). */
const CII_CREDIT_TYPES = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

function fromCii(root: Node): ImportedEinvoice {
  const document = one(root, 'ExchangedDocument');
  const transaction = one(root, 'SupplyChainTradeTransaction');
  const seller = one(transaction, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty');
  const settlement = one(transaction, 'ApplicableHeaderTradeSettlement');
  const currency = required(textAt(settlement, 'InvoiceCurrencyCode'), 'currency', 'currency');
  const summation = one(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const taxAmounts = all(summation, 'TaxTotalAmount');
  const tax =
    taxAmounts.find((a) => attr(a, 'currencyID') === currency) ??
    taxAmounts.find((a) => attr(a, 'currencyID') === null);
  const vat = all(seller, 'SpecifiedTaxRegistration').find(
    (r) => (attr(one(r, 'ID'), 'schemeID') ?? '').toUpperCase() === 'VA',
  );
  return {
    syntax: 'CII',
    creditNote: CII_CREDIT_TYPES.has(textAt(document, 'TypeCode') ?? ''),
    number: required(textAt(document, 'ID'), 'number', 'invoice number'),
    creditedInvoice: textAt(settlement, 'InvoiceReferencedDocument', 'IssuerAssignedID'),
    issueDate: isoDate(textAt(document, 'IssueDateTime', 'DateTimeString'), 'issueDate'),
    currency,
    sellerName: required(textAt(seller, 'Name'), 'vendor', "seller's name"),
    sellerVatId: textAt(vat, 'ID'),
    total: decimal(textAt(summation, 'GrandTotalAmount'), 'amount', 'total with VAT'),
    taxTotal: optionalDecimal(text(tax)),
    lines: all(transaction, 'IncludedSupplyChainTradeLineItem').map((line) => {
      const quantity = one(line, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
      return {
        name: textAt(line, 'SpecifiedTradeProduct', 'Name') ?? '',
        quantity: optionalDecimal(text(quantity)),
        unitCode: attr(quantity, 'unitCode'),
        netAmount: optionalDecimal(
          textAt(
            line,
            'SpecifiedLineTradeSettlement',
            'SpecifiedTradeSettlementLineMonetarySummation',
            'LineTotalAmount',
          ),
        ),
      };
    }),
  };
}

/** The e-invoice an XML document is, or a refusal saying it is none. */
export function parseEinvoiceXml(data: Uint8Array): ImportedEinvoice {
  let xml = Buffer.from(data).toString('utf8');
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
  // No e-invoice declares a document type; entity declarations are refused outright.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw notEinvoice();
  if (!xml.trimStart().startsWith('<') || XMLValidator.validate(xml) !== true) throw notEinvoice();
  let doc: Node;
  try {
    doc = parseXml(xml);
  } catch {
    throw notEinvoice();
  }
  const [rootName, ...others] = Object.keys(doc).filter((k) => !k.startsWith('?'));
  if (!rootName || others.length > 0) throw notEinvoice();
  const root = all(doc, rootName)[0]!;
  if (rootName === 'Invoice') return fromUbl(root, false);
  if (rootName === 'CreditNote') return fromUbl(root, true);
  if (rootName === 'CrossIndustryInvoice') return fromCii(root);
  throw notEinvoice();
}

// Factur-X / ZUGFeRD PDFs

/**
 * The e-invoice embedded in a Factur-X / ZUGFeRD / XRechnung PDF, or a refusal: each XML
 * file the PDF carries is tried, those with an e-invoice format's name first.
 */
export async function parseEinvoicePdf(data: Uint8Array): Promise<ImportedEinvoice> {
  let files: PdfAttachment[];
  try {
    files = await pdfAttachments(data);
  } catch {
    throw notEinvoice('This PDF could not be read, so no embedded e-invoice was found');
  }
  for (const attachment of xmlAttachments(files)) {
    try {
      return parseEinvoiceXml(attachment.data);
    } catch (error) {
      // A known e-invoice name that is not one says why; other XML files may be anything.
      if (hasEinvoiceName(attachment) && !isFormatRefusal(error)) throw error;
    }
  }
  throw notEinvoice(NO_EMBEDDED_EINVOICE);
}

const isFormatRefusal = (error: unknown) =>
  error instanceof EinvoiceImportError && error.rule === 'format';

/** A PDF by its first bytes, else XML: what the upload is read as. */
export function parseEinvoiceFile(data: Buffer): Promise<ImportedEinvoice> | ImportedEinvoice {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return parseEinvoicePdf(data);
  return parseEinvoiceXml(data);
}

/** The currency must be one Keel knows (ISO 4217, CURRENCIES). */
export function checkCurrency(invoice: ImportedEinvoice) {
  if (!CURRENCIES[invoice.currency])
    throw new EinvoiceImportError(
      'currency',
      'currency',
      `The e-invoice's currency ${invoice.currency} is not one Keel knows`,
    );
}

// What the expense says

/** Common UN/ECE Rec. 20 codes in words; any other is shown as its code. */
const UNIT_WORDS: Record<string, string> = {
  C62: 'pcs',
  H87: 'pcs',
  EA: 'each',
  HUR: 'h',
  MIN: 'min',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  KGM: 'kg',
  GRM: 'g',
  MTR: 'm',
  KMT: 'km',
  LTR: 'l',
  MTK: 'm²',
  MTQ: 'm³',
  KWH: 'kWh',
  SET: 'set',
  XPP: 'piece',
  LS: 'lump sum',
};

/** The expense's notes: the supplier's invoice and its lines, one per row. */
export function notesOf(invoice: ImportedEinvoice, max = 2000): string {
  const head = `E-invoice ${invoice.number} (${invoice.syntax})`;
  const rows = invoice.lines.map((l) => {
    const unit = l.unitCode ? ` ${UNIT_WORDS[l.unitCode] ?? l.unitCode}` : '';
    const quantity = l.quantity !== null ? `${l.quantity}${unit} × ` : '';
    const net = l.netAmount !== null ? `: ${l.netAmount} ${invoice.currency} net` : '';
    return `- ${quantity}${l.name.replace(/\s+/g, ' ').trim() || 'Item'}${net}`;
  });
  const out = [head, ...rows].join('\n');
  if (out.length <= max) return out;
  return `${out.slice(0, max - 2).replace(/\n[^\n]*$/, '')}\n…`;
}

// The import

/** The refusal of an invoice already imported: 409 naming the expense it became. */
export class DuplicateEinvoiceError extends Error {
  constructor(
    readonly expenseId: number,
    invoice: ImportedEinvoice,
  ) {
    super(
      `Invoice ${invoice.number} from ${invoice.sellerName} was already imported as expense #${expenseId}`,
    );
    this.name = 'DuplicateEinvoiceError';
  }
}

/**
 * A supplier's credit note is refused: an expense is an amount greater than 0 (the expenses
 * domain has no negative ones), so it cannot become one. The refusal names the credit note,
 * the invoice it credits and, when that invoice was imported, its expense, to lower by hand.
 */
async function refuseCreditNote(
  scope: WorkspaceScope,
  invoice: ImportedEinvoice,
  vendor: string,
): Promise<never> {
  const credited = invoice.creditedInvoice;
  const expense =
    credited &&
    (await expensesRepo.findSupplierInvoice(scope.db, scope.workspace.id, {
      vendor,
      vendorTaxId: invoice.sellerVatId?.slice(0, 100) ?? null,
      supplierInvoiceNumber: credited.slice(0, 200),
    }));
  const what = `${invoice.number} from ${vendor} is a credit note${credited ? ` for invoice ${credited}` : ''}`;
  const instead = expense
    ? `lower expense #${expense.id} (invoice ${credited}) by its amount instead`
    : 'lower the expense of the credited invoice by its amount instead';
  throw new EinvoiceImportError(
    'credit-note',
    'file',
    `${what}: Keel's expenses are amounts greater than 0, so a supplier's credit note cannot be imported; ${instead}`,
  );
}

/** The amounts as the expense keeps them: the currency's decimals, more than 0, at most the cap. */
function expenseAmounts(invoice: ImportedEinvoice) {
  checkCurrency(invoice);
  const digits = minorDigits(invoice.currency);
  if (compareAmounts(invoice.total, '0') <= 0)
    throw new EinvoiceImportError(
      'amount',
      'amount',
      `The e-invoice's total is ${invoice.total} ${invoice.currency}: an expense is an amount greater than 0`,
    );
  if (!fitsCurrency(invoice.total, invoice.currency))
    throw new EinvoiceImportError('amount', 'amount', amountDecimalsMessage(invoice.currency));
  const total = normalizeAmount(invoice.total, digits);
  if (compareAmounts(total, String(MAX_EXPENSE_AMOUNT)) > 0)
    throw new EinvoiceImportError(
      'amount',
      'amount',
      `The e-invoice's total is over ${MAX_EXPENSE_AMOUNT.toLocaleString('en-US')}, the largest expense Keel records`,
    );
  const tax =
    invoice.taxTotal !== null && fitsCurrency(invoice.taxTotal.replace(/^-/, ''), invoice.currency)
      ? normalizeAmount(invoice.taxTotal, digits)
      : null;
  return { total, tax };
}

/**
 * A supplier's e-invoice (XML, or a PDF carrying it) becomes a draft expense of the
 * workspace with the file as its receipt, in one transaction: the file counts against the
 * quotas as any receipt; the same supplier invoice twice is refused (409), also when two
 * imports race (the unique index decides).
 */
export async function importEinvoice(
  scope: WorkspaceScope,
  upload: { contentType: string; data: Buffer },
  quotas: { userBytes: number; workspaceBytes: number },
) {
  const { db, workspace, user } = scope;
  const invoice = await parseEinvoiceFile(upload.data);
  const vendor = invoice.sellerName.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (invoice.creditNote) await refuseCreditNote(scope, invoice, vendor);
  const { total, tax } = expenseAmounts(invoice);
  const key = {
    vendor,
    vendorTaxId: invoice.sellerVatId?.slice(0, 100) ?? null,
    supplierInvoiceNumber: invoice.number.slice(0, 200),
  };
  const existing = await expensesRepo.findSupplierInvoice(db, workspace.id, key);
  if (existing) throw new DuplicateEinvoiceError(existing.id, invoice);
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const fileId = await insertReceipt(trx, quotas, {
        ownerUserId: user.id,
        workspaceId: workspace.id,
        ...upload,
      });
      return expensesRepo.insertExpense(trx, workspace.id, {
        ...key,
        date: invoice.issueDate,
        amount: total,
        currency: invoice.currency,
        taxAmount: tax,
        notes: notesOf(invoice),
        draft: true,
        receiptFileId: fileId,
        createdBy: user.id,
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await expensesRepo.findSupplierInvoice(db, workspace.id, key);
    throw winner ? new DuplicateEinvoiceError(winner.id, invoice) : error;
  }
  return (await expensesRepo.findExpense(db, workspace.id, id))!;
}
