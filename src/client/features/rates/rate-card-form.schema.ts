import { z } from 'zod';
import {
  RATE_TARGET_REQUIRED,
  RateFieldsSchema,
  type RateCard,
} from '../../../shared/rates.schema.ts';
import { requiredMoney, toNumber } from '../../components/form/money-field.ts';

/** A NumberInput's value ('' when emptied) through the shared rate rules. */
const rate = (label: string) =>
  requiredMoney(`${label} is required`, RateFieldsSchema.shape.billableRate);

/**
 * The Add / Edit Rate Card form: the shared RateFieldsSchema's rules, with the shapes a form
 * holds (a chosen member or project id, or null for everyone / every project).
 */
export const RateCardFormSchema = z
  .object({
    userId: z.number().nullable(),
    projectId: z.number().nullable(),
    billableRate: rate('Billable rate'),
    costRate: rate('Cost rate'),
    effectiveFrom: z
      .string()
      .refine((v) => v !== '', 'Choose the day the rates apply from')
      .pipe(RateFieldsSchema.shape.effectiveFrom),
  })
  .refine((v) => v.userId !== null || v.projectId !== null, {
    message: RATE_TARGET_REQUIRED,
    path: ['userId'],
  });
export type RateCardFormInput = z.input<typeof RateCardFormSchema>;
export type RateCardFormOutput = z.output<typeof RateCardFormSchema>;

export function rateCardFormDefaults(card: RateCard | null, today: string): RateCardFormInput {
  if (!card) {
    return { userId: null, projectId: null, billableRate: '', costRate: 0, effectiveFrom: today };
  }
  return {
    userId: card.userId,
    projectId: card.projectId,
    billableRate: toNumber(card.billableRate),
    costRate: toNumber(card.costRate),
    effectiveFrom: card.effectiveFrom,
  };
}
