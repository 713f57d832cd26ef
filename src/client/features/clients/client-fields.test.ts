import { describe, expect, it } from 'vitest';
import {
  CLIENT_FIELDS,
  ClientInputSchema,
  ClientUpdateSchema,
  type Client,
} from '../../../shared/clients.schema.ts';
import { ClientFormSchema, clientFormValues } from './client-form.schema.ts';

/*
 * Issue 37 item 11: a client's fields are described once (CLIENT_FIELDS) and the API
 * schema and the client form's rules and defaults come from that list.
 */

const NAMES = Object.keys(CLIENT_FIELDS);

/** A client with every described field set (none left null or empty). */
const saved: Client = {
  id: 9,
  name: 'Acme',
  email: 'billing@acme.test',
  company: 'Acme Inc.',
  phone: '+1 555 010 0000',
  status: 'lead',
  hourlyRate: '95.50',
  lastContact: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  contactName: 'Jane Doe',
  address: '1 Main St\nSpringfield',
  taxId: 'DE123456789',
  currency: 'EUR',
  paymentTermsDays: 14,
  organizationId: 3,
  countryCode: 'DE',
  street: 'Hauptstraße 1',
  city: 'Berlin',
  postalCode: '10115',
  buyerReference: '04011000-12345-67',
  electronicAddress: 'billing@acme.test',
  electronicAddressScheme: 'EM',
};

describe('the client fields', () => {
  it('every described field is a rule of the API, of its update and a form value', () => {
    expect(Object.keys(ClientInputSchema.shape)).toEqual(NAMES);
    expect(Object.keys(ClientUpdateSchema.shape)).toEqual([...NAMES, 'id']);
    expect(Object.keys(clientFormValues(null))).toEqual(NAMES);
  });

  it('a new client starts active, with none of the optional details', () => {
    expect(clientFormValues(null)).toEqual({
      name: '',
      email: '',
      company: '',
      contactName: '',
      phone: '',
      address: '',
      taxId: '',
      street: '',
      city: '',
      postalCode: '',
      countryCode: null,
      buyerReference: '',
      electronicAddress: '',
      electronicAddressScheme: null,
      status: 'active',
      hourlyRate: '',
      currency: null,
      paymentTermsDays: null,
      organizationId: null,
    });
  });

  it("an edited client's form saves back what the API answered", () => {
    const values = clientFormValues(saved);
    expect(values).toMatchObject({ hourlyRate: 95.5, paymentTermsDays: '14', organizationId: 3 });
    const { id: _id, lastContact: _last, createdAt: _created, ...stored } = saved;
    expect(ClientFormSchema.parse(values)).toEqual(stored);
  });

  it('asks for a name and an email with the API messages; emptied details are none', () => {
    const result = ClientFormSchema.safeParse(clientFormValues(null));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Client name is required'],
      ['email', 'Email is required'],
    ]);
    const created = ClientFormSchema.parse({
      ...clientFormValues(null),
      name: 'Globex',
      email: 'ap@globex.test',
    });
    expect(created).toMatchObject({
      company: null,
      address: null,
      hourlyRate: null,
      currency: null,
      paymentTermsDays: null,
      organizationId: null,
    });
  });

  it('keeps the SPEC messages of too long details', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const result = ClientInputSchema.safeParse({
      name: 'Acme',
      email: 'a@acme.test',
      contactName: long(200),
      address: long(1000),
      taxId: long(50),
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Contact person must be less than 200 characters',
      'Address must be less than 1000 characters',
      'Tax ID must be less than 50 characters',
    ]);
  });
});
