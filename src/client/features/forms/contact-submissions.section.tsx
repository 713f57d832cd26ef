import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormSubmission } from '../../../shared/forms.schema.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { useRetained } from '../../components/list/use-retained.ts';
import { trpc } from '../../trpc.ts';
import { SubmissionDrawer } from './submission.drawer.tsx';

/** The newest a contact's details show; the form's own list has them all. */
const SHOWN = 10;

/** A contact's form submissions, newest first: which form, when, and each opened whole. */
export function ContactSubmissionsSection({ personId }: { personId: number }) {
  const submissions = trpc.forms.contactSubmissions.useQuery({ personId, limit: SHOWN });
  const [open, setOpen] = useState<FormSubmission | null>(null);
  const shown = useRetained(open);
  const items = submissions.data?.items ?? [];

  if (submissions.isPending) return null;
  if (submissions.isError) {
    return (
      <Text size="sm" c="red">
        Form submissions could not be loaded.
      </Text>
    );
  }
  return (
    <>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label="Form submissions">
          {items.map((submission) => (
            <Group
              key={submission.id}
              gap="xs"
              justify="space-between"
              wrap="nowrap"
              role="listitem"
            >
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => setOpen(submission)}
                style={{ textAlign: 'left' }}
              >
                {submission.formName}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {showDateTime(submission.submittedAt)}
              </Text>
            </Group>
          ))}
          {submissions.data.total > items.length && (
            <Text size="xs" c="dimmed">
              {`And ${submissions.data.total - items.length} older`}
            </Text>
          )}
        </Stack>
      )}
      <SubmissionDrawer submission={shown} opened={open !== null} onClose={() => setOpen(null)} />
    </>
  );
}
