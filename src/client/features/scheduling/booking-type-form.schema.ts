import { z } from 'zod';
import {
  BookingQuestionSchema,
  BookingTypeInputSchema,
  type BookingType,
} from '../../../shared/scheduling.schema.ts';
import { keyFromLabel } from '../forms/form-draft.ts';

/*
 * The booking type dialog's form over the shared schema: what its inputs hold (a text
 * input's '' for "none", a question without a key yet) read as the API takes it.
 */

const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
const shape = BookingTypeInputSchema.shape;

/** A question as the editor holds it: `uid` keeps its row through reordering. */
const QuestionDraftSchema = BookingQuestionSchema.extend({ key: z.string(), uid: z.string() });
export type QuestionDraft = z.infer<typeof QuestionDraftSchema>;

export const BookingTypeFormSchema = BookingTypeInputSchema.extend({
  slug: z.preprocess((value) => (value === '' ? undefined : value), shape.slug),
  maxPerDay: z.preprocess(blankToNull, shape.maxPerDay),
  location: z.preprocess(blankToNull, shape.location),
  description: z.preprocess(blankToNull, shape.description),
  // A new question takes its key from its label, once, so answers already given keep theirs.
  questions: z.array(QuestionDraftSchema).transform((questions, ctx) => {
    const keys: string[] = [];
    const withKeys = questions.map(({ uid: _uid, ...q }) => {
      const key = q.key || keyFromLabel(q.label, [...keys, ...questions.map((o) => o.key)]);
      keys.push(key);
      return { ...q, key };
    });
    const checked = shape.questions.safeParse(withKeys);
    if (!checked.success) {
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
      return z.NEVER;
    }
    return checked.data;
  }),
  deal: z.preprocess((deal) => {
    if (!deal || typeof deal !== 'object') return deal;
    const { stageId, value } = deal as { stageId?: unknown; value?: unknown };
    return blankToNull(value) === null ? { stageId } : { stageId, value };
  }, shape.deal),
});

export interface BookingTypeFormValues {
  name: string;
  slug: string;
  durationMinutes: number | '';
  bufferBeforeMinutes: number | '';
  bufferAfterMinutes: number | '';
  minNoticeMinutes: number | '';
  maxDaysAhead: number | '';
  maxPerDay: number | '';
  location: string;
  description: string;
  questions: QuestionDraft[];
  deal: { stageId: string; value: string } | null;
  active: boolean;
  allowIndexing: boolean;
}

let nextUid = 0;
export const newQuestionUid = () => `question-${++nextUid}`;

export function bookingTypeFormDefaults(type: BookingType | null): BookingTypeFormValues {
  return {
    name: type?.name ?? '',
    slug: type?.slug ?? '',
    durationMinutes: type?.durationMinutes ?? 30,
    bufferBeforeMinutes: type?.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: type?.bufferAfterMinutes ?? 0,
    minNoticeMinutes: type?.minNoticeMinutes ?? 240,
    maxDaysAhead: type?.maxDaysAhead ?? 60,
    maxPerDay: type?.maxPerDay ?? '',
    location: type?.location ?? '',
    description: type?.description ?? '',
    questions: (type?.questions ?? []).map((q) => ({ ...q, uid: newQuestionUid() })),
    deal: type?.deal ? { stageId: String(type.deal.stageId), value: type.deal.value ?? '' } : null,
    active: type?.active ?? true,
    allowIndexing: type?.allowIndexing ?? false,
  };
}
