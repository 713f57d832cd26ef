import { z } from 'zod';
import { MoneySchema } from '../../../shared/money.ts';
import {
  PaymentSettingsInputSchema,
  type PaymentSettings,
} from '../../../shared/payments-online.schema.ts';
import { toAmountText } from '../../components/form/money-field.ts';

const shape = PaymentSettingsInputSchema.shape;

/** A text input left empty: `empty` (null for "none", undefined for "keep the saved one"). */
const blankAs = <T extends null | undefined>(empty: T) =>
  z.string().transform((v) => (v.trim() === '' ? empty : v));

/**
 * Settings → Payments: the server's input schema with the shapes of its inputs. The two
 * secrets are write-only: their inputs start empty, and empty keeps the saved one (left
 * out of the request). The minimum is asked only with partial payments, with two decimals
 * at most (the server's rule for it).
 */
export const PaymentSettingsFormSchema = PaymentSettingsInputSchema.extend({
  publishableKey: blankAs(null).pipe(shape.publishableKey),
  secretKey: blankAs(undefined).pipe(shape.secretKey),
  webhookSecret: blankAs(undefined).pipe(shape.webhookSecret),
  methods: z.array(z.enum(['card'])).min(1, 'Choose at least one payment method'),
  minimumPartial: z.union([z.number(), z.string()]),
}).transform(({ minimumPartial, ...values }, ctx) => {
  if (!values.allowPartial || String(minimumPartial).trim() === '')
    return { ...values, minimumPartial: null };
  const parsed = MoneySchema.safeParse(minimumPartial);
  if (parsed.success) return { ...values, minimumPartial: parsed.data };
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', path: ['minimumPartial'], message: issue.message });
  return z.NEVER;
});

export type PaymentSettingsFormInput = z.input<typeof PaymentSettingsFormSchema>;
export type PaymentSettingsFormOutput = z.output<typeof PaymentSettingsFormSchema>;

/** The saved settings as the form starts: the secrets' inputs empty (they are never answered). */
export function toPaymentSettingsForm(saved: PaymentSettings): PaymentSettingsFormInput {
  return {
    provider: saved.provider,
    // Someone opening this to connect Stripe for the first time means to turn it on.
    enabled: saved.webhookUrl === null ? true : saved.enabled,
    publishableKey: saved.publishableKey ?? '',
    secretKey: '',
    webhookSecret: '',
    methods: saved.methods,
    allowPartial: saved.allowPartial,
    minimumPartial: saved.minimumPartial === null ? '' : toAmountText(saved.minimumPartial),
  };
}

/**
 * The events to tick when adding the webhook endpoint in Stripe's dashboard: the three that
 * record a payment or a refund, and the two that end a checkout unpaid (the server applies
 * them too, as the README says, so the portal need not ask Stripe).
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;

/**
 * Whether the portal offers "Pay now", and if not what is missing: "Ready", or "Not ready"
 * with e.g. "Needs a secret key and a webhook signing secret".
 */
export function readiness(saved: PaymentSettings): {
  ready: boolean;
  label: string;
  detail: string;
} {
  if (saved.ready)
    return { ready: true, label: 'Ready', detail: 'Clients can pay invoices online' };
  const missing = [
    ...(saved.secretKeySet ? [] : ['a secret key']),
    ...(saved.webhookSecretSet ? [] : ['a webhook signing secret']),
  ];
  if (missing.length > 0)
    return { ready: false, label: 'Not ready', detail: `Needs ${missing.join(' and ')}` };
  return { ready: false, label: 'Off', detail: 'Online payment is turned off' };
}
