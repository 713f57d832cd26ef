import { z } from 'zod';
import { CurrencyAmountSchema } from './money.ts';
import { singleLine } from './text.schema.ts';

/*
 * Online payment (issue 42): a workspace's Stripe settings, the events Stripe sent, and
 * the client's "Pay now" in the portal. The two secrets are write-only: answers say only
 * whether each is set and its last 4 characters.
 */

export const PAYMENT_PROVIDERS = ['stripe'] as const;
/** What the portal tells the client it can pay with (Checkout decides the rest). */
export const ONLINE_PAYMENT_METHODS = ['card'] as const;

const key = (label: string, prefixes: string[], example: string) =>
  singleLine(label)
    .trim()
    .max(255, `${label} must be less than 255 characters`)
    .refine(
      (v) => prefixes.some((p) => v.startsWith(p)),
      `${label} must start with ${prefixes.join(' or ')} (e.g. ${example}…)`,
    );

/** `PUT /api/settings/payments`: a secret left out (or null) keeps the one saved. */
export const PaymentSettingsInputSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS).default('stripe'),
  enabled: z.boolean().default(true).meta({
    description: 'Whether the portal offers "Pay now" (the keys must be set for it to show).',
  }),
  publishableKey: key('Publishable key', ['pk_'], 'pk_test_').nullable(),
  secretKey: key('Secret key', ['sk_', 'rk_'], 'sk_test_').optional().meta({
    description: 'Write-only: never answered. Left out, the saved one stays.',
  }),
  webhookSecret: key('Webhook signing secret', ['whsec_'], 'whsec_').optional().meta({
    description: 'Write-only: never answered. Left out, the saved one stays.',
  }),
  methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)).min(1).default(['card']),
  allowPartial: z.boolean().default(false),
  minimumPartial: CurrencyAmountSchema.nullable().optional().meta({
    description:
      'With allowPartial: the least a client may pay at once (a balance below it is paid whole).',
  }),
});
export type PaymentSettingsInput = z.infer<typeof PaymentSettingsInputSchema>;

export const PaymentSettingsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  enabled: z.boolean(),
  publishableKey: z.string().nullable(),
  secretKeySet: z.boolean(),
  secretKeyLast4: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  webhookSecretLast4: z.string().nullable(),
  methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
  allowPartial: z.boolean(),
  minimumPartial: z.string().nullable(),
  /**
   * To paste into Stripe's webhook endpoint: `/api/webhooks/stripe/{endpointKey}` on APP_URL;
   * null until the settings are first saved, which makes the key.
   */
  webhookUrl: z.string().nullable(),
  /** Keys set and enabled: the portal offers "Pay now" on invoices with a balance. */
  ready: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** What a workspace that never saved its payment settings has: off, no keys, no webhook URL. */
export const PAYMENT_SETTINGS_NEVER_SAVED: PaymentSettings = {
  provider: 'stripe',
  enabled: false,
  publishableKey: null,
  secretKeySet: false,
  secretKeyLast4: null,
  webhookSecretSet: false,
  webhookSecretLast4: null,
  methods: ['card'],
  allowPartial: false,
  minimumPartial: null,
  webhookUrl: null,
  ready: false,
};

/** `POST /api/settings/payments/test`: what Stripe said of the saved secret key. */
export const PaymentConnectionTestSchema = z.object({
  ok: z.boolean(),
  /** Test or live mode, from the key. */
  mode: z.enum(['test', 'live']).nullable(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  country: z.string().nullable(),
  defaultCurrency: z.string().nullable(),
  chargesEnabled: z.boolean().nullable(),
  /** Why it failed, in Stripe's words (never the key). */
  message: z.string(),
});
export type PaymentConnectionTest = z.infer<typeof PaymentConnectionTestSchema>;

/** What became of an event Stripe sent. */
export const STRIPE_EVENT_OUTCOMES = [
  'received',
  'applied',
  'duplicate',
  'ignored',
  'unknown_session',
  'not_paid',
  'currency_mismatch',
  'invoice_void',
  'deferred',
] as const;

export const StripeEventSchema = z.object({
  id: z.string().meta({ description: "Stripe's event id (evt_…)." }),
  type: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
  invoiceId: z.number().nullable(),
});
export type StripeEvent = z.infer<typeof StripeEventSchema>;

export const PortalCheckoutSchema = z.object({
  url: z.string().meta({ description: "Stripe Checkout's page: send the client there." }),
});

/**
 * What the portal shows of a Checkout the client started: `processing` once Stripe took the
 * payment and until its webhook arrives ("Payment processing"), `paid` when it did
 * ("Payment received, thank you").
 */
export const CHECKOUT_STATES = ['open', 'processing', 'paid', 'expired'] as const;

export const OnlinePaymentSchema = z.object({
  enabled: z.boolean(),
  methods: z.array(z.enum(ONLINE_PAYMENT_METHODS)),
  allowPartial: z.boolean(),
  minimumPartial: z.string().nullable(),
  checkout: z
    .object({ state: z.enum(CHECKOUT_STATES), amount: z.string(), createdAt: z.string() })
    .nullable(),
});
export type OnlinePayment = z.infer<typeof OnlinePaymentSchema>;

export const StripeEventListSchema = z.object({
  limit: z.number().int().min(1).max(100).default(50),
});
