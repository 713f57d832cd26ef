import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { ListSearchSchema } from '../../components/list/use-list-search.ts';

/**
 * `/contracts?q=…&status=…&client=…&sort=…&page=…`: kept apart from the page so the router
 * (in the first bundle) validates the search without loading it; a value that does not
 * parse is dropped.
 */
export const ContractsSearchSchema = ListSearchSchema.extend({
  client: IdSchema.optional().catch(undefined),
});
export type ContractsSearch = z.infer<typeof ContractsSearchSchema>;
