import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { minorDigits } from '../../../shared/currencies.ts';
import { compareAmounts, normalizeAmount } from '../../../shared/invoice-math.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalInvoiceDetail } from '../../../shared/portal.schema.ts';
import { NumberField } from '../../components/form/controlled-fields.tsx';
import { toAmountText } from '../../components/form/money-field.ts';
import { messageOf, trpc } from '../../trpc.ts';
import {
  awaitingWebhook,
  checkoutRecorded,
  payFormSchema,
  type CheckoutReturn,
} from './portal-pay.schema.ts';

/*
 * Pay now (issue 42): the client pays an invoice by card on Stripe's Checkout page, and
 * comes back to the portal with `?invoice=<id>&checkout=success|cancel`. The payment is
 * recorded when Stripe's webhook arrives, not when the browser comes back: until then the
 * portal says "Payment processing" and asks again every few seconds.
 */

/** What the portal says of a payment the client made (or gave up) on Stripe's page. */
export function CheckoutNote({
  invoice,
  returned,
}: {
  invoice: PortalInvoiceDetail;
  returned: CheckoutReturn | undefined;
}) {
  const checkout = invoice.onlinePayment.checkout;
  if (returned === 'success' && checkoutRecorded(invoice)) {
    const amount = checkout?.state === 'paid' ? checkout.amount : null;
    return (
      <Alert
        color="green"
        variant="light"
        role="status"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title="Payment received, thank you"
      >
        {amount
          ? `Your payment of ${formatMoney(amount, invoice.currency)} is recorded on this invoice.`
          : 'Your payment is recorded on this invoice.'}
      </Alert>
    );
  }
  if (awaitingWebhook(invoice, returned)) {
    return (
      <Alert
        color="blue"
        variant="light"
        role="status"
        icon={<Loader size={18} aria-hidden />}
        title="Payment processing"
      >
        Your card payment is being confirmed. This page updates by itself: there is no need to pay
        again.
      </Alert>
    );
  }
  if (returned === 'cancel') {
    return (
      <Alert
        color="gray"
        variant="light"
        role="status"
        icon={<IconInfoCircle size={20} aria-hidden />}
        title="Payment cancelled"
      >
        Nothing was charged. You can pay whenever you are ready.
      </Alert>
    );
  }
  return null;
}

/**
 * "Pay now": starts a Stripe Checkout for the balance (or the amount typed, when the
 * business takes part payments) and sends the browser to it. One request per click, even
 * a double one: the button is busy from the first until the browser has left.
 */
export function PortalPayNow({ token, invoice }: { token: string; invoice: PortalInvoiceDetail }) {
  const { currency, onlinePayment } = invoice;
  const balance = normalizeAmount(invoice.balance, minorDigits(currency));
  const schema = useMemo(() => payFormSchema(invoice), [invoice]);
  type Input = z.input<typeof schema>;
  type Output = z.output<typeof schema>;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { amount: toAmountText(balance) },
  });
  const checkout = trpc.portal.checkout.useMutation();
  const started = useRef(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from Stripe with the browser's Back button, the page may be the one that left:
  // its button must work again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      started.current = false;
      setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const pay = async (values: Output) => {
    if (started.current) return;
    started.current = true;
    setError(null);
    try {
      // The balance unless the business takes part payments: then the amount typed, exactly.
      const { url } = await checkout.mutateAsync({
        token,
        id: invoice.id,
        ...(onlinePayment.allowPartial ? { amount: values.amount } : {}),
      });
      setLeaving(true);
      window.location.assign(url);
    } catch (failure) {
      started.current = false;
      setError(messageOf(failure) || 'The payment could not be started. Try again in a moment.');
    }
  };

  const busy = checkout.isPending || leaving;
  const minimum = onlinePayment.minimumPartial;
  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label="Pay online"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // A second click while the first is on its way sends nothing.
          if (started.current) return;
          void form.handleSubmit(pay)(event);
        }}
      >
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <IconCreditCard size={18} aria-hidden />
            <Text fw={600} size="sm">
              Pay by card
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            You will pay on Stripe’s secure page, then come back here.
          </Text>
          {onlinePayment.allowPartial && (
            <NumberField
              control={form.control}
              name="amount"
              label={`Amount to pay (${currency})`}
              description={
                minimum !== null && compareAmounts(minimum, balance) < 0
                  ? `From ${formatMoney(minimum, currency)} up to the balance due, ${formatMoney(balance, currency)}`
                  : `Up to the balance due, ${formatMoney(balance, currency)}`
              }
              min={0}
              allowNegative={false}
              decimalScale={minorDigits(currency)}
              thousandSeparator=","
              disabled={busy}
            />
          )}
          {error && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title="The payment could not be started"
            >
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={busy}
              disabled={busy}
              leftSection={<IconCreditCard size={16} aria-hidden />}
              fullWidth={false}
            >
              Pay now
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
