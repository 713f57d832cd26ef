import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { ListSearchSchema } from '../../components/list/use-list-search.ts';

/**
 * `/credit-notes?q=…&client=…&sort=…&page=…`: apart from the page so the router validates
 * the search without loading it; a value that does not parse is dropped.
 */
export const CreditNotesSearchSchema = ListSearchSchema.extend({
  client: IdSchema.optional().catch(undefined),
});
export type CreditNotesSearch = z.infer<typeof CreditNotesSearchSchema>;
