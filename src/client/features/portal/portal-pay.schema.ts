import { z } from 'zod';
import { minorDigits } from '../../../shared/currencies.ts';
import { compareAmounts, normalizeAmount } from '../../../shared/invoice-math.ts';
import {
  amountDecimalsMessage,
  CurrencyAmountSchema,
  fitsCurrency,
  formatMoney,
} from '../../../shared/money.ts';
import type { PortalInvoiceDetail } from '../../../shared/portal.schema.ts';
import { requiredMoney } from '../../components/form/money-field.ts';

/*
 * Pay now's rules, apart from its screen (portal-pay.tsx): the amount a client may pay, and
 * whether the portal is still waiting for Stripe's webhook (and so asks again).
 */

/** What these rules read of the portal's invoice. */
type Payable = Pick<PortalInvoiceDetail, 'status' | 'currency' | 'balance' | 'onlinePayment'>;

/** How the client came back from Stripe's page (the portal URL's `checkout`). */
export type CheckoutReturn = 'success' | 'cancel';

/** How often a portal waiting for Stripe's webhook asks again, and for how long at most. */
export const CHECKOUT_POLL_MS = 3000;
const CHECKOUT_POLLS = 100;

/** The invoice is paid, or the Checkout the client last finished has been recorded. */
export function checkoutRecorded(invoice: Payable): boolean {
  return invoice.status === 'paid' || invoice.onlinePayment.checkout?.state === 'paid';
}

/** Stripe took a payment (or the client says so, back from its page) that is not recorded yet. */
export function awaitingWebhook(invoice: Payable, returned: CheckoutReturn | undefined): boolean {
  if (checkoutRecorded(invoice)) return false;
  return returned === 'success' || invoice.onlinePayment.checkout?.state === 'processing';
}

/** `refetchInterval` for the portal's invoice: every few seconds while the webhook is awaited. */
export function checkoutPolling(returned: CheckoutReturn | undefined) {
  return (query: {
    state: { data: Payable | undefined; dataUpdateCount: number };
  }): number | false => {
    const data = query.state.data;
    return data && awaitingWebhook(data, returned) && query.state.dataUpdateCount < CHECKOUT_POLLS
      ? CHECKOUT_POLL_MS
      : false;
  };
}

/** The amount field's rules, as the server's: more than 0, at most the balance, the minimum. */
export function payFormSchema(invoice: Payable) {
  const { currency, onlinePayment } = invoice;
  const balance = normalizeAmount(invoice.balance, minorDigits(currency));
  const minimum = onlinePayment.minimumPartial;
  return z.object({
    amount: requiredMoney('Enter the amount to pay', CurrencyAmountSchema).superRefine(
      (amount, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (!fitsCurrency(amount, currency)) return fail(amountDecimalsMessage(currency));
        if (compareAmounts(amount, '0') <= 0) return fail('Enter an amount greater than 0');
        if (compareAmounts(amount, balance) > 0)
          return fail(
            `The amount is more than the balance due (${formatMoney(balance, currency)})`,
          );
        // A balance below the minimum is paid whole: only a part is held to it.
        if (
          minimum !== null &&
          compareAmounts(amount, balance) < 0 &&
          compareAmounts(amount, minimum) < 0
        )
          return fail(`The least you can pay at once is ${formatMoney(minimum, currency)}`);
      },
    ),
  });
}
