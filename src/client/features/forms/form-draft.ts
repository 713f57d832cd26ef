import type {
  Form,
  FormField,
  FormFieldType,
  FormMapTarget,
  FormUpdate,
} from '../../../shared/forms.schema.ts';

/** A field as the builder edits it: `uid` names it while dragged, `keyEdited` stops the key following the label. */
export interface DraftField {
  uid: string;
  type: FormFieldType;
  label: string;
  key: string;
  keyEdited: boolean;
  helpText: string;
  required: boolean;
  options: string[];
  mapTo: FormMapTarget | null;
}

export interface FormDraft {
  name: string;
  slug: string;
  published: boolean;
  fields: DraftField[];
  submitLabel: string;
  /** After sending, the visitor reads a message or goes to an address. */
  after: 'message' | 'redirect';
  thankYouMessage: string;
  redirectUrl: string;
  dealOn: boolean;
  dealStageId: string | null;
  dealValue: string;
  dealAssigneeId: string | null;
  dealTags: string[];
  autoresponderOn: boolean;
  autoresponderSubject: string;
  autoresponderBody: string;
  allowIndexing: boolean;
}

export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  email: 'Email',
  phone: 'Phone',
  number: 'Number',
  select: 'Single choice',
  multiselect: 'Multiple choice',
  date: 'Date',
  checkbox: 'Checkbox',
  consent: 'Consent',
  hidden: 'Hidden',
};

export const MAP_TARGET_LABELS: Record<FormMapTarget, string> = {
  'contact.fullName': 'Contact full name',
  'contact.email': 'Contact email',
  'contact.phone': 'Contact phone',
  'organization.name': 'Organization name',
};

export const hasOptions = (type: FormFieldType) => type === 'select' || type === 'multiselect';

let nextUid = 0;
const newUid = () => `field-${++nextUid}`;

/**
 * The key a label suggests: lower case words joined by underscores, starting with a letter,
 * at most 40 characters (the server's rule), and not one the form already has.
 */
export function keyFromLabel(label: string, taken: readonly string[]): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '');
  const base = (words || 'field').slice(0, 36).replace(/_+$/, '');
  const lower = new Set(taken.map((key) => key.toLowerCase()));
  if (!lower.has(base)) return base;
  for (let n = 2; ; n++) if (!lower.has(`${base}_${n}`)) return `${base}_${n}`;
}

export function newField(type: FormFieldType, fields: readonly DraftField[]): DraftField {
  const label = FIELD_TYPE_LABELS[type];
  return {
    uid: newUid(),
    type,
    label,
    key: keyFromLabel(
      type === 'hidden' ? 'utm_source' : label,
      fields.map((f) => f.key),
    ),
    keyEdited: false,
    helpText: '',
    required: type === 'consent',
    options: hasOptions(type) ? ['Option 1'] : [],
    mapTo: null,
  };
}

export function draftOf(form: Form): FormDraft {
  return {
    name: form.name,
    slug: form.slug,
    published: form.published,
    fields: form.fields.map((field) => ({
      uid: newUid(),
      type: field.type,
      label: field.label,
      key: field.key,
      keyEdited: true,
      helpText: field.helpText ?? '',
      required: field.required,
      options: field.options ?? [],
      mapTo: field.mapTo ?? null,
    })),
    submitLabel: form.submitLabel ?? '',
    after: form.redirectUrl ? 'redirect' : 'message',
    thankYouMessage: form.thankYouMessage ?? '',
    redirectUrl: form.redirectUrl ?? '',
    dealOn: form.deal !== null,
    dealStageId: form.deal ? String(form.deal.stageId) : null,
    dealValue: form.deal?.value ?? '',
    dealAssigneeId: form.deal?.assigneeId ? String(form.deal.assigneeId) : null,
    dealTags: form.deal?.tags ?? [],
    autoresponderOn: form.autoresponder !== null,
    autoresponderSubject: form.autoresponder?.subject ?? '',
    autoresponderBody: form.autoresponder?.body ?? '',
    allowIndexing: form.allowIndexing,
  };
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The whole form as the server takes it (PUT): every setting, so the saved form is what the builder shows. */
export function updateOf(id: number, draft: FormDraft): FormUpdate {
  return {
    id,
    name: draft.name,
    slug: draft.slug,
    published: draft.published,
    fields: draft.fields.map((field): FormField => {
      const out: FormField = {
        key: field.key,
        type: field.type,
        label: field.label,
        required: field.required,
      };
      if (field.helpText.trim()) out.helpText = field.helpText.trim();
      if (hasOptions(field.type)) out.options = field.options;
      if (field.mapTo) out.mapTo = field.mapTo;
      return out;
    }),
    deal:
      draft.dealOn && draft.dealStageId
        ? {
            stageId: Number(draft.dealStageId),
            ...(draft.dealValue.trim() ? { value: draft.dealValue.trim() } : {}),
            assigneeId: draft.dealAssigneeId ? Number(draft.dealAssigneeId) : null,
            tags: draft.dealTags,
          }
        : null,
    submitLabel: orNull(draft.submitLabel),
    thankYouMessage: draft.after === 'message' ? orNull(draft.thankYouMessage) : null,
    redirectUrl: draft.after === 'redirect' ? orNull(draft.redirectUrl) : null,
    autoresponder: draft.autoresponderOn
      ? { subject: draft.autoresponderSubject, body: draft.autoresponderBody }
      : null,
    allowIndexing: draft.allowIndexing,
  };
}

/** The embed code of a published form: its page in a frame, and the script that sizes the frame. */
export function embedSnippet(form: Pick<Form, 'publicUrl' | 'name'>): string {
  const origin = new URL(form.publicUrl).origin;
  const title = form.name.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    `<iframe src="${form.publicUrl}?embed=1" title="${title}" style="width:100%;border:0" loading="lazy"></iframe>`,
    `<script src="${origin}/forms-embed.js" async></script>`,
  ].join('\n');
}
