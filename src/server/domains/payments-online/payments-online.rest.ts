import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const PAYMENTS_ONLINE_TAG = {
  name: 'Online payment',
  description:
    "Card payments through Stripe (issue 42). Owners and administrators save the workspace's Stripe keys (the secret key and the webhook signing secret are write-only, encrypted with the server's `SECRETS_KEY`, and answered only as set or not with their last 4 characters) and copy the webhook URL into Stripe. The client pays from the portal (`POST /api/portal/{token}/invoices/{id}/checkout`); Stripe's signed events (`POST /api/webhooks/stripe/{endpointKey}`) record the payment, exactly once.",
};

export const paymentsOnlineRestRoutes = defineRestRoutes(PAYMENTS_ONLINE_TAG, [
  {
    method: 'GET',
    path: '/api/settings/payments',
    procedure: 'paymentsOnline.settings',
    summary: 'Read the online payment settings',
    description:
      'The publishable key, whether each secret is set (`secretKeySet`, `webhookSecretSet`) with its last 4 characters, partial payments, and `webhookUrl`: the endpoint to add in Stripe (Developers → Webhooks), random per workspace, made by the first save (null until then).',
  },
  {
    method: 'PUT',
    path: '/api/settings/payments',
    procedure: 'paymentsOnline.updateSettings',
    summary: 'Save the online payment settings',
    description:
      '`secretKey` and `webhookSecret` are write-only: left out, the saved ones stay. Saving a secret needs `SECRETS_KEY` on a production server (409 without it).',
    refusals: { 409: 'the server has no `SECRETS_KEY` to encrypt the secrets with' },
  },
  {
    method: 'POST',
    path: '/api/settings/payments/test',
    procedure: 'paymentsOnline.testConnection',
    summary: 'Test the Stripe connection',
    description:
      'Asks Stripe which account the saved secret key opens: `ok`, the account and its mode, or why not in `message` (never the key).',
  },
  {
    method: 'GET',
    path: '/api/settings/payments/events',
    procedure: 'paymentsOnline.events',
    summary: 'List the last events Stripe sent',
    description:
      'Newest first (`limit`, 50 unless given): the Stripe event id, its type, when it arrived, and its `outcome`: `applied`, `duplicate` (already recorded), `ignored` (a type Keel does not use), `unknown_session` (not a Checkout this workspace made), `not_paid` (paid later, asynchronously), `currency_mismatch` and `invoice_void` (kept, not applied; the owners are notified), `deferred` (a refund waiting for its payment).',
  },
]);
