import { TRPCError } from '@trpc/server';
import type { EinvoiceFormat, EinvoiceValidation } from '../../../shared/einvoices.schema.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { getCreditNote } from '../credit-notes/credit-notes.service.ts';
import { getInvoice, issueDatesOf } from '../invoices/invoices.service.ts';
import { toCii } from './cii.ts';
import {
  creditNoteErrorsOf,
  creditNoteModelOf,
  creditNoteRefusal,
} from './credit-note-einvoice.ts';
import { einvoiceErrorsOf, einvoiceModelOf, einvoiceRefusal } from './einvoice-check.ts';
import { toUbl } from './ubl.ts';

/**
 * E-invoices of invoices: the UBL or CII document of an issued invoice (from its frozen
 * parties and stored lines, never live data, so it is the same every time), and Keel's
 * pre-issue checks for a draft or an issued invoice.
 */

type Scope = Pick<WorkspaceScope, 'db' | 'workspace'>;

/** Stands for the number a draft will be given when issued (BR-02 holds then). */
const DRAFT_NUMBER = 'DRAFT';

/** `GET /api/invoices/{id}/einvoice?format=ubl|cii`: 409 for a draft, 422 when it breaks a rule. */
export async function einvoiceDocument(scope: Scope, id: number, format: EinvoiceFormat) {
  const invoice = await getInvoice(scope, id);
  if (invoice.status === 'draft') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'Issue the invoice first: a draft has no e-invoice yet',
    });
  }
  const errors = einvoiceErrorsOf(invoice);
  if (errors.length > 0) throw einvoiceRefusal(errors);
  const model = einvoiceModelOf(invoice);
  const name = invoice.invoiceNumber!.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    filename: `invoice-${name}-${format}.xml`,
    content: format === 'ubl' ? toUbl(model) : toCii(model),
  };
}

/**
 * `GET /api/credit-notes/{id}/einvoice?format=ubl|cii`: the credit note as a UBL CreditNote
 * or a CII 381, from its frozen parties and lines and the invoice it credits (which never
 * changes once issued); 422 when it breaks a rule.
 */
export async function creditNoteEinvoiceDocument(scope: Scope, id: number, format: EinvoiceFormat) {
  const note = await getCreditNote(scope, id);
  const invoice = await getInvoice(scope, note.invoiceId);
  const errors = creditNoteErrorsOf(note, invoice);
  if (errors.length > 0) throw creditNoteRefusal(errors);
  const model = creditNoteModelOf(note, invoice);
  const name = note.creditNoteNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    filename: `credit-note-${name}-${format}.xml`,
    content: format === 'ubl' ? toUbl(model) : toCii(model),
  };
}

/** The CII document of an issued invoice, the XML a Factur-X PDF embeds. */
export async function ciiDocument(scope: Scope, id: number): Promise<string> {
  return (await einvoiceDocument(scope, id, 'cii')).content;
}

/**
 * `POST /api/invoices/{id}/einvoice/validate`: what stops the invoice from being an
 * e-invoice. A draft is checked as issuing would freeze it (today's profile and client, the
 * dates issuing would give it).
 */
export async function validateEinvoice(scope: Scope, id: number): Promise<EinvoiceValidation> {
  const invoice = await getInvoice(scope, id);
  let errors;
  if (invoice.status === 'draft') {
    const [profile, client] = await Promise.all([
      findProfile(scope.db, scope.workspace.id),
      findClient(scope.db, scope.workspace.id, invoice.clientId),
    ]);
    const dates = issueDatesOf(invoice, profile, client!);
    errors = einvoiceErrorsOf(invoice, { invoiceNumber: DRAFT_NUMBER, ...dates });
  } else {
    errors = einvoiceErrorsOf(invoice);
  }
  return { valid: errors.length === 0, errors };
}

/**
 * With e-invoicing on, sending an issued invoice is refused (422) while its document breaks
 * a rule: an invoice issued before the switch was turned on is checked when it is sent.
 */
export async function assertSendable(scope: Scope, id: number) {
  const profile = await findProfile(scope.db, scope.workspace.id);
  if (!profile.einvoicing) return;
  const errors = einvoiceErrorsOf(await getInvoice(scope, id));
  if (errors.length > 0) throw einvoiceRefusal(errors);
}
