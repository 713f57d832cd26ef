import { Anchor, Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Form, FormSubmission } from '../../../shared/forms.schema.ts';
import { DetailRow } from '../../components/detail-row.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { usePhone } from '../../components/use-phone.ts';

type Answer = FormSubmission['answers'][string];

/** An answer as a person reads it: yes/no, choices joined, text as sent. */
export function answerText(value: Answer | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  return value;
}

/**
 * The answers in one line: those of the form's fields in its order (by label), then any
 * the form no longer asks (by key), for a list's summary column.
 */
export function answersSummary(submission: FormSubmission, fields?: Form['fields']): string {
  const known = new Set(fields?.map((field) => field.key));
  const parts = (fields ?? [])
    .filter((field) => field.type !== 'consent' && submission.answers[field.key] !== undefined)
    .map((field) => answerText(submission.answers[field.key]))
    .filter(Boolean);
  for (const [key, value] of Object.entries(submission.answers)) {
    if (!known.has(key) && answerText(value)) parts.push(answerText(value));
  }
  return parts.join(' · ');
}

/** The contact a submission made or updated, linked to the contacts list found by name. */
export function SubmissionContact({ submission }: { submission: FormSubmission }) {
  if (!submission.personName) return <>—</>;
  return (
    <Anchor
      renderRoot={(props) => (
        <Link to="/contacts" search={{ q: submission.personName ?? undefined }} {...props} />
      )}
      size="sm"
    >
      {submission.personName}
    </Anchor>
  );
}

/** One submission whole: every answer under its field's label, the page it came from, the consent given. */
export function SubmissionDrawer({
  submission,
  fields,
  opened,
  onClose,
}: {
  submission: FormSubmission | null;
  /** The form's fields, for their labels (the contact's page has no form at hand). */
  fields?: Form['fields'];
  opened: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  const labelOf = (key: string) => fields?.find((field) => field.key === key)?.label ?? key;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={submission ? `${submission.formName} submission` : 'Submission'}
    >
      {submission && (
        <Stack gap="md">
          <DetailRow label="Sent">{showDateTime(submission.submittedAt)}</DetailRow>
          <DetailRow label="Contact">
            {submission.personName ? <SubmissionContact submission={submission} /> : undefined}
          </DetailRow>
          {Object.entries(submission.answers).map(([key, value]) => (
            <DetailRow key={key} label={labelOf(key)}>
              {answerText(value)}
            </DetailRow>
          ))}
          <DetailRow label="Page">{submission.pageUrl ?? undefined}</DetailRow>
          <DetailRow label="Consent">{submission.consentText ?? undefined}</DetailRow>
        </Stack>
      )}
    </Drawer>
  );
}
