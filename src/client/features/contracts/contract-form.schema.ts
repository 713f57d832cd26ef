import { z } from 'zod';
import {
  ContractInputSchema,
  type Contract,
  type ContractTemplate,
} from '../../../shared/contracts.schema.ts';

/*
 * The New contract and Edit draft form: what its inputs hold (ids, '' for nothing, a
 * NumberInput's number), turned into the API's input, then the shared ContractInputSchema's
 * rules, the ones the server applies. The signing expiry is a day, kept until its end in the
 * signer's time zone.
 */
export const ContractFormSchema = z
  .object({
    clientId: z.number().nullable(),
    title: z.string(),
    /** A template's id, or '' for a blank body. */
    templateId: z.string(),
    body: z.string(),
    projectId: z.string(),
    fee: z.union([z.number(), z.string()]),
    currency: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    expiresAt: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.clientId === null)
      ctx.addIssue({ code: 'custom', message: 'Client is required', path: ['clientId'] });
  })
  .transform((v): z.input<typeof ContractInputSchema> => ({
    clientId: v.clientId ?? 0,
    title: v.title,
    ...(v.templateId ? { templateId: Number(v.templateId) } : { body: v.body }),
    projectId: v.projectId ? Number(v.projectId) : null,
    fee: String(v.fee).trim() === '' ? null : String(v.fee),
    ...(v.currency ? { currency: v.currency } : {}),
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    expiresAt: v.expiresAt ? new Date(`${v.expiresAt}T23:59:59.999`).toISOString() : null,
  }))
  .pipe(ContractInputSchema);

export type ContractFormInput = z.input<typeof ContractFormSchema>;
export type ContractFormOutput = z.output<typeof ContractFormSchema>;

/** A blank form, on the default template when there is one. */
export function newContractDefaults(templates: ContractTemplate[]): ContractFormInput {
  const preferred = templates.find((t) => t.isDefault) ?? templates[0];
  return {
    clientId: null,
    title: '',
    templateId: preferred ? String(preferred.id) : '',
    body: '',
    projectId: '',
    fee: '',
    currency: '',
    startDate: '',
    endDate: '',
    expiresAt: '',
  };
}

/** A local calendar day of an instant ('' for none). */
function dayOf(instant: string | null): string {
  if (!instant) return '';
  const d = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A draft as the form shows it: its body written out (no template). */
export function draftDefaults(contract: Contract): ContractFormInput {
  return {
    clientId: contract.clientId,
    title: contract.title,
    templateId: '',
    body: contract.body,
    projectId: contract.projectId === null ? '' : String(contract.projectId),
    fee: contract.fee === null ? '' : contract.fee,
    currency: contract.currency,
    startDate: contract.startDate ?? '',
    endDate: contract.endDate ?? '',
    expiresAt: dayOf(contract.expiresAt),
  };
}
