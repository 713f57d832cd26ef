import { z } from 'zod';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';
import {
  SERVICE_FIELDS,
  ServiceInputSchema,
  type Service,
} from '../../../shared/services.schema.ts';

/**
 * The Add / Edit Service form: the form's shapes of SERVICE_FIELDS (NumberInput values,
 * empty strings, a flag), then the shared ServiceInputSchema's rules, the API's.
 */
export const ServiceFormSchema = formSchemaOf(SERVICE_FIELDS, ServiceInputSchema);
export type ServiceFormInput = z.input<typeof ServiceFormSchema>;
export type ServiceFormOutput = z.output<typeof ServiceFormSchema>;

/** The saved service's values, or a new one's: sold by the item, in the workspace's currency. */
export function serviceFormDefaults(service: Service | null, currency: string): ServiceFormInput {
  return formDefaultsOf(SERVICE_FIELDS, service, { currency });
}
