import { z } from 'zod';
import { CLIENT_FIELDS, ClientInputSchema, type Client } from '../../../shared/clients.schema.ts';
import { electronicAddressProblem } from '../../../shared/einvoice-fields.ts';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';

/**
 * The client form: the form's shapes of CLIENT_FIELDS (a NumberInput's value, a Select's
 * text or null, the chosen organization's id or null), then the shared ClientInputSchema's
 * rules; its output is what the API takes.
 */
export const ClientFormSchema = formSchemaOf(
  CLIENT_FIELDS,
  ClientInputSchema.superRefine((values, ctx) => {
    const problem = electronicAddressProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  }),
);
export type ClientFormInput = z.input<typeof ClientFormSchema>;
export type ClientFormOutput = z.output<typeof ClientFormSchema>;

/** A new client's form (an active one, the workspace's currency and terms) or a saved one's. */
export function clientFormValues(client: Client | null): ClientFormInput {
  return formDefaultsOf(CLIENT_FIELDS, client);
}
