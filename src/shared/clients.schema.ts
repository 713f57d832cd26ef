import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, optionalText } from './list.schema.ts';
import { MoneySchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

export const ClientInputSchema = z.object({
  name: singleLine('Client name', { error: 'Client name is required' })
    .trim()
    .min(1, 'Client name is required')
    .max(200, 'Client name must be less than 200 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email')
    .pipe(z.email('Invalid email')),
  company: optionalText(200, 'Company must be less than 200 characters'),
  phone: optionalText(50, 'Phone must be less than 50 characters'),
  status: z.enum(['lead', 'active', 'inactive']).optional(),
  hourlyRate: MoneySchema.nullable().optional(),
});
export const ClientUpdateSchema = updateSchemaOf(ClientInputSchema).extend({ id: IdSchema });
export const ClientListQuerySchema = ListQuerySchema;

export const ClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  hourlyRate: z.string().nullable(),
  lastContact: z.string().nullable(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;
