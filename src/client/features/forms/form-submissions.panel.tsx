import { Anchor, Text, useMatches } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import type { Form, FormSubmission } from '../../../shared/forms.schema.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { useRetained } from '../../components/list/use-retained.ts';
import { trpc } from '../../trpc.ts';
import { answersSummary, SubmissionContact, SubmissionDrawer } from './submission.drawer.tsx';

const PAGE_SIZE = 25;

/** A form's submissions, newest first: searched, paged, exported as CSV, each opened whole. */
export function FormSubmissionsPanel({ form }: { form: Form }) {
  const controls = useLocalListControls({ pageSize: PAGE_SIZE });
  const phone = useMatches({ base: true, sm: false });
  const [open, setOpen] = useState<FormSubmission | null>(null);
  const shown = useRetained(open);
  const submissions = trpc.forms.submissions.useQuery(
    {
      id: form.id,
      limit: PAGE_SIZE,
      ...(controls.page > 1 ? { offset: (controls.page - 1) * PAGE_SIZE } : {}),
      ...(controls.query ? { search: controls.query } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const exportHref = `/api/forms/${form.id}/submissions/export${
    controls.query ? `?${new URLSearchParams({ search: controls.query }).toString()}` : ''
  }`;

  const columns: Column<FormSubmission>[] = [
    {
      header: 'Sent',
      nowrap: true,
      cell: (submission) => (
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(submission)}>
          {showDateTime(submission.submittedAt)}
        </Anchor>
      ),
    },
    {
      header: 'Contact',
      cell: (submission) => <SubmissionContact submission={submission} />,
    },
    {
      header: 'Answers',
      hidden: phone,
      share: '50%',
      cell: (submission) => (
        <Text size="sm" truncate="end">
          {answersSummary(submission, form.fields)}
        </Text>
      ),
    },
  ];

  return (
    <ListPage
      controls={controls}
      result={submissions}
      noun="submissions"
      search={{ placeholder: 'Search submissions...' }}
      actions={<ExportCsvButton href={exportHref} />}
      empty={{
        icon: <IconInbox size={26} stroke={1.5} />,
        description: form.published
          ? 'Share the form’s link or embed it on your site; what visitors send shows here.'
          : 'Publish the form to start taking submissions.',
      }}
      minWidth={phone ? 300 : 720}
      tableLabel="Submissions"
      columns={columns}
    >
      <SubmissionDrawer
        submission={shown}
        fields={form.fields}
        opened={open !== null}
        onClose={() => setOpen(null)}
      />
    </ListPage>
  );
}
