import { TRPCError } from '@trpc/server';
import {
  ContactSubmissionsQuerySchema,
  FormInputSchema,
  FormListQuerySchema,
  FormSchema,
  FormSubmissionExportQuerySchema,
  FormSubmissionListQuerySchema,
  FormSubmissionSchema,
  FormUpdateSchema,
  PublicFormSchema,
  PublicSlugInputSchema,
  PublicSubmissionInputSchema,
  PublicSubmissionResultSchema,
} from '../../../shared/forms.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { hitRateLimit, tooManyAttempts } from '../../plugins/rate-limit.ts';
import {
  heavyProcedure,
  listProcedure,
  publicProcedure,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { rowProcedures, rowQuery } from '../../trpc/row-procedures.ts';
import { personExists } from '../contacts/contacts.repository.ts';
import * as repo from './forms.repository.ts';
import * as forms from './forms.service.ts';

/** Submissions one address may send to one form: a person retrying is fine, a script is not. */
export const SUBMISSIONS_PER_MINUTE = 5;
export const SUBMISSIONS_PER_HOUR = 30;
/** The largest submission body: far above any honest form (50 fields), far below the app's 1 MB. */
export const SUBMISSION_BODY_LIMIT = 64 * 1024;

/**
 * The public page's read: counted per address like the client portal (the slug is guessable,
 * so lookups are not free), and never indexed unless the owner allows it.
 */
const publicFormProcedure = publicProcedure
  .input(PublicSlugInputSchema)
  .use(async ({ ctx, input, next }) => {
    const hit = await hitRateLimit(ctx.db, {
      key: `form-page:${ctx.req.ip}`,
      limit: ctx.config.portalRateLimit,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    const indexable = await forms.allowsIndexing(ctx.db, input.slug);
    if (!indexable) void ctx.reply.header('x-robots-tag', 'noindex, nofollow');
    return next();
  })
  .meta({ rateLimited: true });

/**
 * A submission: counted per address and form, a minute's and an hour's worth, before the
 * form is even looked up, so a flood costs one small statement per request.
 */
const submitProcedure = publicProcedure
  .input(PublicSubmissionInputSchema)
  .use(async ({ ctx, input, next }) => {
    void ctx.reply.header('x-robots-tag', 'noindex, nofollow');
    for (const [windowSeconds, limit] of [
      [60, SUBMISSIONS_PER_MINUTE],
      [3600, SUBMISSIONS_PER_HOUR],
    ] as const) {
      const hit = await hitRateLimit(ctx.db, {
        key: `form-submit:${windowSeconds}:${input.slug}:${ctx.req.ip}`,
        limit,
        windowSeconds,
      });
      if (!hit.allowed) throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    }
    // The REST route refuses larger bodies itself; tRPC's limit is the app's 1 MB.
    if (JSON.stringify(input.answers).length > SUBMISSION_BODY_LIMIT) {
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: 'The submission is too large' });
    }
    return next();
  })
  .meta({ rateLimited: true });

/** Lead forms (issue 44). Every member works the pipeline and its contacts, so every member manages forms. */
export const formsRouter = router({
  list: listProcedure
    .input(FormListQuerySchema.prefault({}))
    .output(pageOf(FormSchema))
    .query(({ ctx, input }) => forms.listForms(ctx, input)),
  get: rowQuery(workspaceProcedure, FormSchema, forms.readForm),
  ...rowProcedures(
    workspaceProcedure,
    { input: FormInputSchema, update: FormUpdateSchema, output: FormSchema },
    { create: forms.createForm, update: forms.updateForm, remove: forms.deleteForm },
  ),
  submissions: listProcedure
    .input(FormSubmissionListQuerySchema)
    .output(pageOf(FormSubmissionSchema))
    .query(async ({ ctx, input }) => {
      await forms.readForm(ctx, input.id);
      return repo.listSubmissions(ctx.db, ctx.workspace.id, { formId: input.id }, input);
    }),
  contactSubmissions: listProcedure
    .input(ContactSubmissionsQuerySchema)
    .output(pageOf(FormSubmissionSchema))
    .query(async ({ ctx, input }) => {
      if (!(await personExists(ctx.db, ctx.workspace.id, input.personId))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Contact not found' });
      }
      return repo.listSubmissions(ctx.db, ctx.workspace.id, { personId: input.personId }, input);
    }),
  exportSubmissions: heavyProcedure
    .use(fromReplica)
    .input(FormSubmissionExportQuerySchema)
    .query(({ ctx, input }) => forms.exportSubmissions(ctx, input.id, input.search)),

  // The public side: the address is the only key, and no session is read.
  publicForm: publicFormProcedure
    .output(PublicFormSchema)
    .query(({ ctx, input }) => forms.publicForm(ctx, input.slug)),
  submit: submitProcedure.output(PublicSubmissionResultSchema).mutation(async ({ ctx, input }) => {
    const result = await forms.submit(ctx, input, {
      ip: ctx.req.ip,
      referer: ctx.req.headers.referer,
    });
    return result.answer;
  }),
});
