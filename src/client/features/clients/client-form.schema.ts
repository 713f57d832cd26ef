import { z } from 'zod';
import { ClientInputSchema, type Client } from '../../../shared/clients.schema.ts';

const shape = ClientInputSchema.shape;

/**
 * The client form: the shared ClientInputSchema with the shapes of its inputs (a number
 * input's number or '', a select's string or null, the organization picker's choice).
 */
export const ClientFormSchema = ClientInputSchema.extend({
  hourlyRate: z
    .union([z.number(), z.string()])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .pipe(shape.hourlyRate),
  currency: z
    .string()
    .nullable()
    .optional()
    .transform((v): string | null | undefined => v || null)
    .pipe(shape.currency),
  paymentTermsDays: z
    .unknown()
    .transform((v): unknown => (v === '' || v === undefined ? null : v))
    .pipe(shape.paymentTermsDays),
  organization: z.object({ id: z.number(), name: z.string() }).nullable(),
}).omit({ organizationId: true });
export type ClientFormInput = z.input<typeof ClientFormSchema>;
export type ClientFormOutput = z.output<typeof ClientFormSchema>;

export function clientFormValues(
  client?: Client & { organization?: { id: number; name: string } | null },
): ClientFormInput {
  return {
    name: client?.name ?? '',
    email: client?.email ?? '',
    company: client?.company ?? '',
    phone: client?.phone ?? '',
    status: (client?.status as 'lead' | 'active' | 'inactive' | undefined) ?? 'active',
    hourlyRate: client?.hourlyRate ? Number(client.hourlyRate) : '',
    contactName: client?.contactName ?? '',
    address: client?.address ?? '',
    taxId: client?.taxId ?? '',
    currency: client?.currency ?? null,
    paymentTermsDays:
      client?.paymentTermsDays !== null && client?.paymentTermsDays !== undefined
        ? String(client.paymentTermsDays)
        : null,
    organization: client?.organization ?? null,
  };
}

/** The form's values as the API takes them. */
export function clientInput({ organization, ...values }: ClientFormOutput) {
  return { ...values, organizationId: organization?.id ?? null };
}
