import { TRPCError } from '@trpc/server';
import { lineTaxProblem, type DocumentLine } from '../../../shared/document-fields.ts';
import { serviceLineDescription } from '../../../shared/services.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { findServices } from './services.repository.ts';
import { SERVICE_NOT_FOUND } from './services.service.ts';

/** A line as the API takes it: its own values, a service's, or both. */
interface LineInput {
  id?: number;
  serviceId?: number | null;
  description?: string;
  quantity: string;
  unit?: string | null;
  unitPrice?: string;
  taxRate?: string;
  taxCategory?: DocumentLine['taxCategory'];
  taxExemptionReason?: string | null;
}

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/**
 * The lines of a document in `currency` with every value they store: a line naming a
 * service copies, at this moment, the service's name and description, unit, unit price and
 * tax rate, each value the line gives itself winning; the line records the service. The
 * service must be of the workspace (404, nothing copied) and active (409); in another
 * currency than the document it is refused (409) unless the line gives its own unit price.
 * A line without a service keeps its own values, a tax rate left out being 0.
 */
export async function resolveLines<L extends LineInput>(
  db: Database,
  workspaceId: number,
  currency: string,
  lines: readonly L[],
): Promise<(Omit<L, keyof DocumentLine> & DocumentLine)[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.serviceId != null ? [l.serviceId] : [])))];
  const services = new Map((await findServices(db, workspaceId, ids)).map((s) => [s.id, s]));
  const resolved = lines.map((line) => resolveLine(line, services, currency));
  // A tax category must fit the line's rate (its own, or its service's).
  resolved.forEach((line, index) => {
    const problem = lineTaxProblem(line);
    if (problem)
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Line ${index + 1}: ${problem}` });
  });
  return resolved;
}

function resolveLine<L extends LineInput>(
  line: L,
  services: Map<number, Awaited<ReturnType<typeof findServices>>[number]>,
  currency: string,
): Omit<L, keyof DocumentLine> & DocumentLine {
  {
    if (line.serviceId == null) {
      return {
        ...line,
        description: line.description!,
        unit: line.unit ?? null,
        unitPrice: line.unitPrice!,
        taxRate: line.taxRate ?? '0',
      };
    }
    const service = services.get(line.serviceId);
    if (!service) throw new TRPCError({ code: 'NOT_FOUND', message: SERVICE_NOT_FOUND });
    if (service.archived) {
      throw conflict(
        `The service "${service.name}" is archived: restore it before putting it on a line`,
      );
    }
    if (service.currency !== currency && line.unitPrice === undefined) {
      throw conflict(
        `The service "${service.name}" is priced in ${service.currency}, not ${currency}: give the line its own unit price`,
      );
    }
    return {
      ...line,
      serviceId: service.id,
      description: line.description ?? serviceLineDescription(service),
      // A unit the line gives (null included: "none") wins; left out, the service's.
      unit: line.unit !== undefined ? line.unit : service.unit,
      unitPrice: line.unitPrice ?? service.unitPrice,
      taxRate: line.taxRate ?? service.taxRate,
    };
  }
}
