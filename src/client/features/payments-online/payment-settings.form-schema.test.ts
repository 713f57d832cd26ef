import { describe, expect, it } from 'vitest';
import {
  PAYMENT_SETTINGS_NEVER_SAVED,
  type PaymentSettings,
} from '../../../shared/payments-online.schema.ts';
import {
  PaymentSettingsFormSchema,
  readiness,
  toPaymentSettingsForm,
} from './payment-settings.form-schema.ts';

const NEVER_SAVED = PAYMENT_SETTINGS_NEVER_SAVED;

const SAVED: PaymentSettings = {
  ...NEVER_SAVED,
  enabled: true,
  publishableKey: 'pk_test_abc',
  secretKeySet: true,
  secretKeyLast4: '4242',
  webhookSecretSet: true,
  webhookSecretLast4: 'c0de',
  allowPartial: true,
  minimumPartial: '25.50',
  webhookUrl: 'http://127.0.0.1/api/webhooks/stripe/key',
  ready: true,
};

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('Settings → Payments form', () => {
  it('leaves empty secrets out, so the saved ones stay, and sends typed ones', () => {
    const form = toPaymentSettingsForm(SAVED);
    expect(form.secretKey).toBe('');
    expect(form.webhookSecret).toBe('');
    expect(form.minimumPartial).toBe('25.5');
    const kept = PaymentSettingsFormSchema.parse(form);
    expect(kept.secretKey).toBeUndefined();
    expect(kept.webhookSecret).toBeUndefined();
    expect(kept.minimumPartial).toBe('25.50');
    const replaced = PaymentSettingsFormSchema.parse({ ...form, secretKey: 'sk_test_new1' });
    expect(replaced.secretKey).toBe('sk_test_new1');
  });

  it('starts a never-saved workspace switched on, with no publishable key', () => {
    const form = toPaymentSettingsForm(NEVER_SAVED);
    expect(form.enabled).toBe(true);
    expect(PaymentSettingsFormSchema.parse(form).publishableKey).toBeNull();
  });

  it('says on each field what the server would refuse', () => {
    const result = PaymentSettingsFormSchema.safeParse({
      ...toPaymentSettingsForm(NEVER_SAVED),
      publishableKey: 'sk_test_wrong',
      secretKey: 'pk_test_wrong',
      webhookSecret: 'secret',
      methods: [],
    });
    expect(issues(result)).toEqual([
      ['publishableKey', 'Publishable key must start with pk_ (e.g. pk_test_…)'],
      ['secretKey', 'Secret key must start with sk_ or rk_ (e.g. sk_test_…)'],
      ['webhookSecret', 'Webhook signing secret must start with whsec_ (e.g. whsec_…)'],
      ['methods', 'Choose at least one payment method'],
    ]);
  });

  it('asks the minimum only with partial payments, with at most two decimals', () => {
    const form = toPaymentSettingsForm(SAVED);
    expect(
      PaymentSettingsFormSchema.parse({ ...form, allowPartial: false, minimumPartial: 1.005 })
        .minimumPartial,
    ).toBeNull();
    expect(PaymentSettingsFormSchema.parse({ ...form, minimumPartial: '' }).minimumPartial).toBe(
      null,
    );
    expect(issues(PaymentSettingsFormSchema.safeParse({ ...form, minimumPartial: 1.005 }))).toEqual(
      [['minimumPartial', 'Enter an amount with at most 2 decimals, like 1200.50']],
    );
  });

  it('says what stands between the settings and "Pay now"', () => {
    expect(readiness(SAVED)).toMatchObject({ ready: true, label: 'Ready' });
    expect(readiness(NEVER_SAVED)).toMatchObject({
      ready: false,
      label: 'Not ready',
      detail: 'Needs a secret key and a webhook signing secret',
    });
    expect(readiness({ ...SAVED, webhookSecretSet: false, ready: false }).detail).toBe(
      'Needs a webhook signing secret',
    );
    expect(readiness({ ...SAVED, enabled: false, ready: false })).toMatchObject({
      label: 'Off',
      detail: 'Online payment is turned off',
    });
  });
});
