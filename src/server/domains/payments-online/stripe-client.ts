import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/**
 * The official SDK for one workspace's secret key, pointed at STRIPE_API_BASE when set
 * (tests run a fake Stripe on loopback; nothing reaches the internet). `patience` shortens
 * the wait for a call made while Stripe waits for our answer (a webhook's).
 */
export function stripeClient(
  config: Pick<Config, 'stripeApiBase'>,
  secretKey: string,
  patience: { timeout: number; maxNetworkRetries: number } = {
    timeout: 20_000,
    maxNetworkRetries: 1,
  },
): Stripe {
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
    ...patience,
    telemetry: false,
    appInfo: { name: 'Keel' },
  });
}

/** Checks a webhook's signature over its raw body; throws when it does not hold. */
export function verifiedEvent(raw: Buffer, signature: string, secret: string): Stripe.Event {
  // 300 s: Stripe's own default, as issue 42 asks; an older signed event is a replay.
  return Stripe.webhooks.constructEvent(raw, signature, secret, 300);
}

export type { Stripe };
