import { describe, expect, it } from 'vitest';
import type { OnlinePayment } from '../../../shared/payments-online.schema.ts';
import {
  awaitingWebhook,
  CHECKOUT_POLL_MS,
  checkoutPolling,
  payFormSchema,
} from './portal-pay.schema.ts';

/* Issue 42: the portal's Pay now, its amount's rules and its wait for Stripe's webhook. */

const online = (patch: Partial<OnlinePayment> = {}): OnlinePayment => ({
  enabled: true,
  methods: ['card'],
  allowPartial: true,
  minimumPartial: '50.00',
  checkout: null,
  ...patch,
});

const invoice = (patch: Partial<OnlinePayment> = {}, balance = '300.00', status = 'sent') => ({
  status: status as 'sent',
  currency: 'EUR',
  balance,
  onlinePayment: online(patch),
});

const messages = (amount: number | string, of = invoice()) =>
  payFormSchema(of)
    .safeParse({ amount })
    .error?.issues.map((i) => i.message) ?? [];

describe('the amount the client pays', () => {
  it('is anything from the minimum up to the balance, as typed', () => {
    expect(payFormSchema(invoice()).parse({ amount: 120.5 })).toEqual({ amount: '120.5' });
    expect(messages('50')).toEqual([]);
    expect(messages('300')).toEqual([]);
  });

  it('is refused above the balance, below the minimum, at 0, empty or with too many decimals', () => {
    expect(messages('300.01')).toEqual(['The amount is more than the balance due (€300.00)']);
    expect(messages('49.99')).toEqual(['The least you can pay at once is €50.00']);
    expect(messages('0')).toEqual(['Enter an amount greater than 0']);
    expect(messages('')).toEqual(['Enter the amount to pay']);
    expect(messages('12.345')).toEqual(['EUR amounts have at most 2 decimals']);
  });

  it('a balance below the minimum is paid whole', () => {
    const small = invoice({}, '30.00');
    expect(messages('30', small)).toEqual([]);
    expect(messages('20', small)).toEqual(['The least you can pay at once is €50.00']);
  });

  it('without a minimum, any part is fine', () => {
    expect(messages('0.01', invoice({ minimumPartial: null }))).toEqual([]);
  });
});

describe('waiting for the webhook', () => {
  const at = (state: 'open' | 'processing' | 'paid' | 'expired') => ({
    state,
    amount: '120.00',
    createdAt: '2026-11-29T10:00:00.000Z',
  });
  const poll = (data: ReturnType<typeof invoice>, returned?: 'success' | 'cancel', count = 1) =>
    checkoutPolling(returned)({ state: { data, dataUpdateCount: count } });

  it('back from Stripe, the portal asks again until the payment is recorded', () => {
    expect(poll(invoice({ checkout: at('processing') }), 'success')).toBe(CHECKOUT_POLL_MS);
    expect(poll(invoice({ checkout: at('open') }), 'success')).toBe(CHECKOUT_POLL_MS);
    expect(poll(invoice({ checkout: at('paid') }), 'success')).toBe(false);
    expect(poll(invoice({ checkout: null }, '0.00', 'paid'), 'success')).toBe(false);
  });

  it('a payment Stripe took is awaited even when the client did not come back through Stripe', () => {
    expect(awaitingWebhook(invoice({ checkout: at('processing') }), undefined)).toBe(true);
    expect(poll(invoice({ checkout: at('open') }))).toBe(false);
    expect(poll(invoice({ checkout: at('open') }), 'cancel')).toBe(false);
  });

  it('stops asking after a while', () => {
    expect(poll(invoice({ checkout: at('processing') }), 'success', 100)).toBe(false);
  });
});
