import { describe, expect, it } from 'vitest';
import { callerOf } from '../support/caller.ts';
import { ok } from '../support/responses.ts';
import { ApiClient, useTwoWorkspaces } from '../support/test-app.ts';

/* Issue 41, item 7 on the app's invoice page: invoices.paymentQr answers the very code the
   portal shows for the invoice (the PDF's, tested in payment-qr-api.test.ts), or null. */

const { t, owner, other } = useTwoWorkspaces('QR Page Studio', 'Other QR Studio');

describe('invoices.paymentQr', () => {
  it("answers the portal's code of the balance, after a credit note too, and null where there is none", async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        legalName: 'Jürgen Müller Design',
        countryCode: 'DE',
        iban: 'DE89 3704 0044 0532 0130 00',
        bic: 'COBADEFFXXX',
      }),
    );
    const client = await ok(
      owner.client.post('/api/clients', {
        name: 'Acme GmbH',
        email: 'ap@acme.example.com',
        currency: 'EUR',
      }),
      201,
    );
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        amount: '1000.00',
        currency: 'EUR',
        status: 'sent',
      }),
      201,
    );
    const caller = await callerOf(t, owner, owner.workspace.id);
    const link = await ok(owner.client.post(`/api/clients/${client.id}/portal-link`), 201);
    const token = (link as { url: string }).url.split('/portal/')[1]!;
    const visitor = new ApiClient(t.app);
    const portalQr = async () =>
      (await ok(visitor.get(`/api/portal/${token}/invoices/${invoice.id}`))).paymentQr;

    const first = await caller.invoices.paymentQr({ id: invoice.id });
    expect(first).toMatchObject({ kind: 'epc', label: 'Scan to pay €1,000.00 by bank transfer' });
    expect(first?.payload.split('\n')).toContain(invoice.invoiceNumber);
    expect(first).toEqual(await portalQr());

    // Credited by half: the code asks for what is left, as the portal's does.
    await ok(
      owner.client.post(`/api/invoices/${invoice.id}/credit-notes`, {
        reason: 'Half of the work was cancelled',
        amount: '500.00',
      }),
      201,
    );
    const halved = await caller.invoices.paymentQr({ id: invoice.id });
    expect(halved?.label).toBe('Scan to pay €500.00 by bank transfer');
    expect(halved).toEqual(await portalQr());

    // A draft and a USD invoice have none.
    const draft = await ok(
      owner.client.post('/api/invoices', { clientId: client.id, amount: '10', currency: 'EUR' }),
      201,
    );
    expect(await caller.invoices.paymentQr({ id: draft.id })).toBeNull();
    const usd = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        amount: '10',
        currency: 'USD',
        status: 'sent',
      }),
      201,
    );
    expect(await caller.invoices.paymentQr({ id: usd.id })).toBeNull();

    // Another workspace does not learn that the invoice exists.
    const outsider = await callerOf(t, other, other.workspace.id);
    await expect(outsider.invoices.paymentQr({ id: invoice.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it("answers a CHF invoice of a Swiss seller with the portal's QR-bill", async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        legalName: 'Robert Schneider AG',
        countryCode: 'CH',
        street: 'Rue du Lac 1268',
        city: 'Biel',
        postalCode: '2501',
        iban: 'CH93 0076 2011 6238 5295 7',
        bic: null,
      }),
    );
    const client = await ok(
      owner.client.post('/api/clients', {
        name: 'Pia Rutschmann',
        email: 'pia@rutschmann.example.com',
        currency: 'CHF',
        countryCode: 'CH',
        street: 'Grosse Marktgasse 28',
        postalCode: '9400',
        city: 'Rorschach',
      }),
      201,
    );
    const invoice = await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        amount: '1949.75',
        currency: 'CHF',
        status: 'sent',
      }),
      201,
    );
    const caller = await callerOf(t, owner, owner.workspace.id);
    const qr = await caller.invoices.paymentQr({ id: invoice.id });
    expect(qr).toMatchObject({
      kind: 'swiss',
      label: expect.stringMatching(/^Scan to pay CHF\s1,949\.75 by bank transfer$/),
    });
    expect(qr?.payload.split('\n').slice(0, 4)).toEqual([
      'SPC',
      '0200',
      '1',
      'CH9300762011623852957',
    ]);
    const link = await ok(owner.client.post(`/api/clients/${client.id}/portal-link`), 201);
    const token = (link as { url: string }).url.split('/portal/')[1]!;
    const portal = await ok(
      new ApiClient(t.app).get(`/api/portal/${token}/invoices/${invoice.id}`),
    );
    expect(qr).toEqual(portal.paymentQr);
  });
});
