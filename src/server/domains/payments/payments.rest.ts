import { totalsHeader, type PaymentPage } from '../../../shared/payments.schema.ts';
import {
  asArrayWithTotal,
  asCsv,
  defineRestRoutes,
  type Responder,
} from '../../plugins/rest-adapter.ts';

/**
 * The page as a plain array with `X-Total-Count`, and the totals per currency in
 * `X-Total-Amounts` ('EUR 1200.00; USD 50.00'): one header, since a list may hold several
 * currencies and they are never added together.
 */
const asArrayWithCurrencyTotals: Responder = {
  send(result: PaymentPage, reply) {
    reply.header('x-total-amounts', totalsHeader(result.totals));
    return asArrayWithTotal.send(result, reply);
  },
  document: (output) => {
    const answer = asArrayWithTotal.document(output);
    return {
      ...answer,
      headers: {
        ...answer.headers,
        'X-Total-Amounts': {
          description:
            'What the whole filtered list received, per currency: `CUR amount` pairs joined by `; `, currencies alphabetical, each amount with its currency’s decimals (`EUR 1200.00; JPY 5000`). Empty when nothing matches. Currencies are never summed together.',
          schema: { type: 'string' },
        },
      },
    };
  },
};

export const paymentsRestRoutes = defineRestRoutes(
  {
    name: 'Payments',
    description: 'Every payment recorded against the invoices of the workspace.',
  },
  [
    {
      method: 'GET',
      path: '/api/payments',
      procedure: 'payments.list',
      summary: 'List payments',
      description:
        'Newest payment first. Filters combine; `from` and `to` (payment dates) are inclusive. Payments on voided invoices stay listed, with `invoiceStatus` `void`. The whole filtered list’s sums per currency travel in `X-Total-Amounts`.',
      respond: asArrayWithCurrencyTotals,
    },
    {
      method: 'GET',
      path: '/api/payments/export',
      procedure: 'payments.export',
      summary: 'Export payments as CSV',
      description:
        'Every payment matching the filters of `GET /api/payments`, newest first, streamed; cells that could run as spreadsheet formulas are defused.',
      respond: asCsv('payments.csv'),
    },
  ],
);
