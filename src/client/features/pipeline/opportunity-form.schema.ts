import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import {
  DealTagsSchema,
  LeadInputSchema,
  type Lead,
  type LeadInput,
} from '../../../shared/pipeline.schema.ts';
import { moneyOrZero } from '../../components/form/money-field.ts';

/** The Select value standing for "no owner": Mantine's Select has no use for ''. */
export const UNASSIGNED = 'unassigned';

/** The chosen primary contact: enough to show it without another request. */
const PersonChoiceSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  email: z.string().nullable(),
});
export type PersonChoice = z.infer<typeof PersonChoiceSchema>;

const CompanyChoiceSchema = z.object({ id: z.number(), name: z.string() });
export type CompanyChoice = z.infer<typeof CompanyChoiceSchema>;

/** NumberInput answers '' when emptied. */
const numberField = z.union([z.number(), z.literal('')]);

/**
 * The opportunity form (react-hook-form). Field rules come from the shared
 * `LeadInputSchema` the server validates with; what differs is only the shape a form
 * holds (chosen records rather than ids, '' for empty) and the required contact of SPEC §5.
 */
export const OpportunityFormSchema = z.object({
  dealName: LeadInputSchema.shape.dealName,
  person: PersonChoiceSchema.nullable().refine((person) => person !== null, {
    message: 'Person assignment is required',
  }),
  company: CompanyChoiceSchema.nullable(),
  assignedUserId: z.string(),
  stage: z.string().min(1, 'Stage is required'),
  // SPEC §9: an empty value is 0; the shared MoneySchema keeps it exact.
  value: moneyOrZero(),
  probability: numberField.pipe(
    z
      .number({ error: 'Probability is required' })
      .int('Probability must be a whole number')
      .min(0, 'Number must be greater than or equal to 0')
      .max(100, 'Number must be less than or equal to 100'),
  ),
  closeDate: z.union([z.literal(''), IsoDateSchema]),
  description: z.string().max(5000, 'Description must be less than 5000 characters'),
  tags: DealTagsSchema,
});
export type OpportunityFormInput = z.input<typeof OpportunityFormSchema>;
export type OpportunityFormOutput = z.output<typeof OpportunityFormSchema>;

/** SPEC §9: probability 50, value 0, stage 'new' unless the workspace has no such stage. */
export function emptyOpportunityForm(
  stage: string,
  assignedUserId: number | null,
): OpportunityFormInput {
  return {
    dealName: '',
    person: null,
    company: null,
    assignedUserId: assignedUserId === null ? UNASSIGNED : String(assignedUserId),
    stage,
    value: 0,
    probability: 50,
    closeDate: '',
    description: '',
    tags: [],
  };
}

export function opportunityFormOf(lead: Lead): OpportunityFormInput {
  return {
    dealName: lead.dealName,
    person:
      lead.personId !== null && lead.person
        ? { id: lead.personId, fullName: lead.person.fullName, email: lead.person.email }
        : null,
    company:
      lead.companyId !== null && lead.company
        ? { id: lead.companyId, name: lead.company.name }
        : null,
    assignedUserId: lead.assignedUserId === null ? UNASSIGNED : String(lead.assignedUserId),
    stage: lead.stage,
    value: Number(lead.value),
    probability: lead.probability,
    closeDate: lead.closeDate ?? '',
    description: lead.description ?? '',
    tags: lead.tags,
  };
}

export function leadInputOf(values: OpportunityFormOutput): LeadInput & { dealName: string } {
  return {
    dealName: values.dealName,
    personId: values.person.id,
    companyId: values.company?.id ?? null,
    assignedUserId: values.assignedUserId === UNASSIGNED ? null : Number(values.assignedUserId),
    stage: values.stage,
    value: values.value,
    probability: values.probability,
    closeDate: values.closeDate || null,
    description: values.description.trim() || null,
    tags: values.tags,
  };
}
