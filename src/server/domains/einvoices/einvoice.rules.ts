import { isValidIBAN } from 'ibantools';
import { compareAmounts, toMinor } from '../../../shared/invoice-math.ts';
import type { EinvoiceModel, TaxCategory } from './einvoice.model.ts';

/**
 * Keel's own pre-issue checks of an e-invoice: the EN 16931 business rules (BR-*, BR-CO-*,
 * the per-category BR-S/Z/E/AE/IC/G/O-*, BR-DEC-*) that depend on what Keel holds, run over
 * the model before anything is issued. Each failure names the official rule, the Keel field
 * to fix (a path the invoice editor maps to its input: `seller.*` is the business profile,
 * `buyer.*` the client, `lines[i].*` a line) and what to do, in Keel's words. The serializers
 * build everything else (totals, breakdown, allowances) so that it holds by construction.
 */

export interface EinvoiceError {
  /** The EN 16931 rule id, e.g. BR-AE-02. */
  rule: string;
  /** What to fix: `seller.countryCode`, `buyer.taxId`, `lines[2].taxCategory`, `iban`, … */
  field: string;
  message: string;
}

/** Electronic address schemes (EAS) the standard's code list BR-CL-25 takes. */
export const EAS_CODES = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 ' +
    '0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 ' +
    '0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0219 0220 0221 0225 0230 0235 0240 0244 ' +
    '0242 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 ' +
    '9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 9946 ' +
    '9947 9948 9949 9950 9951 9952 9953 9957 9959 AN AQ AS AU EM'
  ).split(' '),
);

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An ISO 3166-1 alpha-2 code (BR-CL-14); Intl knows every assigned one. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && regions.of(code) !== undefined;
}

/** The category names the messages use. */
const CATEGORY_NAMES: Record<TaxCategory, string> = {
  S: 'a standard-rated line',
  Z: 'a zero-rated line',
  E: 'a VAT-exempt line',
  AE: 'a reverse-charge line',
  K: 'an intra-Community supply line',
  G: 'an export line',
  O: 'a line outside the scope of VAT',
};

/** The rule ids of each category: seller VAT id (…-02) and the line's rate (…-05). */
const CATEGORY_RULES: Record<TaxCategory, string> = {
  S: 'BR-S',
  Z: 'BR-Z',
  E: 'BR-E',
  AE: 'BR-AE',
  K: 'BR-IC',
  G: 'BR-G',
  O: 'BR-O',
};

/** The invoice's own totals, to prove the document says the same (BR-CO-13..16). */
export interface KeelTotals {
  subtotal: string;
  discountTotal: string;
  taxTotal: string;
  total: string;
}

/**
 * The failures of a model under Keel's pre-issue rules (empty: the document may be issued).
 * With `totals`, the document's totals must equal the invoice's own.
 */
export function checkEinvoice(model: EinvoiceModel, totals?: KeelTotals): EinvoiceError[] {
  const errors: EinvoiceError[] = [];
  const seen = new Set<string>();
  const fail = (rule: string, field: string, message: string) => {
    const key = `${rule}|${field}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push({ rule, field, message });
  };
  const { seller, buyer } = model;

  // Amounts: EN 16931 writes at most 2 decimals; a 3-decimal currency is refused, never rounded.
  if (model.currencyDigits > 2) {
    fail(
      'BR-DEC-09',
      'currency',
      `E-invoices allow at most 2 decimals in amounts, and ${model.currency} has ${model.currencyDigits}: invoice in another currency to issue an e-invoice.`,
    );
  }

  if (!model.number) fail('BR-02', 'invoiceNumber', 'Give the invoice a number.');
  if (!model.issueDate) fail('BR-03', 'issueDate', 'Add the issue date.');

  // The parties.
  if (!seller.name) fail('BR-06', 'seller.name', 'Add your legal name in the business profile.');
  if (!buyer.name) fail('BR-07', 'buyer.name', "Add the client's name.");
  const sellerCountry = seller.address.countryCode;
  if (!sellerCountry) {
    fail('BR-09', 'seller.countryCode', 'Add your country in the business profile.');
  } else if (!isCountryCode(sellerCountry)) {
    fail(
      'BR-CL-14',
      'seller.countryCode',
      'Your country in the business profile must be a two-letter ISO code, like FR.',
    );
  }
  const buyerCountry = buyer.address.countryCode;
  if (!buyerCountry) {
    fail('BR-11', 'buyer.countryCode', "Add the client's country.");
  } else if (!isCountryCode(buyerCountry)) {
    fail(
      'BR-CL-14',
      'buyer.countryCode',
      "The client's country must be a two-letter ISO code, like DE.",
    );
  }
  for (const [party, prefix, who] of [
    [seller, 'seller', 'your business profile'],
    [buyer, 'buyer', 'the client'],
  ] as const) {
    const address = party.electronicAddress;
    if (!address) continue;
    if (!address.scheme) {
      fail(
        prefix === 'seller' ? 'BR-62' : 'BR-63',
        `${prefix}.electronicAddressScheme`,
        `Choose the scheme of the electronic address in ${who} (for example 0088 for a GLN, 9930 for a German VAT number).`,
      );
    } else if (!EAS_CODES.has(address.scheme)) {
      fail(
        'BR-CL-25',
        `${prefix}.electronicAddressScheme`,
        `The electronic address scheme in ${who} is not one the standard knows: use an EAS code such as 0088 or 9930.`,
      );
    }
  }

  // Lines and their tax categories.
  if (model.lines.length === 0) fail('BR-16', 'lines', 'Add at least one line.');
  const categories = new Set<TaxCategory>();
  model.lines.forEach((line, index) => {
    const at = `lines[${index}]`;
    const n = index + 1;
    if (!line.name) fail('BR-25', `${at}.description`, `Line ${n}: add a description.`);
    if (!/^[A-Z0-9]{2,3}$/.test(line.unitCode)) {
      fail(
        'BR-CL-23',
        `${at}.unitCode`,
        `Line ${n}: the unit must be a UN/ECE code such as HUR (hour), DAY or C62 (piece).`,
      );
    }
    const category = line.taxCategory;
    categories.add(category);
    const rate = line.taxRate === null ? 0n : toMinor(line.taxRate, 3);
    const rules = CATEGORY_RULES[category];
    if (category === 'S' && rate === 0n) {
      fail(
        'BR-S-05',
        `${at}.taxRate`,
        `Line ${n}: a standard-rated line needs a tax rate above 0, or choose another tax category.`,
      );
    } else if (category !== 'S' && rate !== 0n) {
      fail(
        `${rules}-05`,
        `${at}.taxRate`,
        `Line ${n}: ${CATEGORY_NAMES[category]} is taxed at 0 %: set its tax rate to 0, or choose standard rated.`,
      );
    }
    if (category === 'E' && !line.exemptionReason) {
      fail(
        'BR-E-10',
        `${at}.taxExemptionReason`,
        `Line ${n}: say why it is exempt from VAT (for example the article of the law).`,
      );
    }
  });

  // What each category asks of the parties.
  const notSubject = categories.has('O');
  if (notSubject && categories.size > 1) {
    model.lines.forEach((line, index) => {
      if (line.taxCategory && line.taxCategory !== 'O') {
        fail(
          'BR-O-11',
          `lines[${index}].taxCategory`,
          `Line ${index + 1}: an invoice with lines outside the scope of VAT can hold no other tax category.`,
        );
      }
    });
  }
  for (const category of categories) {
    if (category === 'O') continue;
    const rules = CATEGORY_RULES[category];
    if (!seller.vatId) {
      fail(
        `${rules}-02`,
        'seller.taxId',
        `Add your VAT ID in the business profile: ${CATEGORY_NAMES[category]} needs it.`,
      );
    }
    if ((category === 'AE' || category === 'K') && !buyer.vatId) {
      fail(
        `${rules}-02`,
        'buyer.taxId',
        `Add the client's VAT ID: ${CATEGORY_NAMES[category]} needs it.`,
      );
    }
    if (category === 'K' && !model.servicePeriod) {
      fail(
        'BR-IC-11',
        'servicePeriodStart',
        'Add the service period: an intra-Community supply needs it.',
      );
    }
  }
  if (notSubject) {
    // Outside the scope of VAT, no VAT id is written (BR-O-02): the company number names the seller.
    if (!seller.registrationId) {
      fail(
        'BR-CO-26',
        'seller.registrationId',
        'Add your company registration ID in the business profile: an invoice outside the scope of VAT names you by it.',
      );
    }
  } else {
    if (!seller.vatId && !seller.registrationId) {
      fail(
        'BR-CO-26',
        'seller.taxId',
        'Add your VAT ID or your company registration ID in the business profile.',
      );
    }
    for (const [party, prefix, who] of [
      [seller, 'seller', 'Your VAT ID in the business profile'],
      [buyer, 'buyer', "The client's VAT ID"],
    ] as const) {
      if (party.vatId && !/^[A-Z]{2}[A-Za-z0-9+*.-]{2,}$/.test(party.vatId)) {
        fail(
          'BR-CO-09',
          `${prefix}.taxId`,
          `${who} must start with its country code, like ${prefix === 'seller' ? 'FR' : 'DE'}123456789.`,
        );
      }
    }
  }

  // Dates and payment.
  const period = model.servicePeriod;
  if (period?.start && period.end && period.end < period.start) {
    fail('BR-29', 'servicePeriodEnd', 'The service period must end on or after its start.');
  }
  if (!model.dueDate && !model.paymentTerms && compareAmounts(model.totals.payable, '0') > 0) {
    fail('BR-CO-25', 'dueDate', 'Add a due date or payment terms: an amount is due.');
  }
  if (model.payment && !isValidIBAN(model.payment.iban)) {
    fail(
      'BR-61',
      'iban',
      'The IBAN in your business profile is not valid: check it against your bank details.',
    );
  }

  // The document must say what the invoice says, to the cent.
  if (totals && model.currencyDigits <= 2) {
    const same =
      compareAmounts(model.totals.lineNet, totals.subtotal) === 0 &&
      compareAmounts(model.totals.allowances, totals.discountTotal) === 0 &&
      compareAmounts(model.totals.tax, totals.taxTotal) === 0 &&
      compareAmounts(model.totals.payable, totals.total) === 0;
    if (!same) {
      fail(
        'BR-CO-15',
        'lines',
        "The e-invoice's totals differ from the invoice's: check each line's tax category and rate.",
      );
    }
  }
  return errors;
}
