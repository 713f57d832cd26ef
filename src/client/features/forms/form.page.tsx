import { Badge, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconForms, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import type { Form } from '../../../shared/forms.schema.ts';
import { RecordPage, useRecordId } from '../../components/record-page.tsx';
import { trpc } from '../../trpc.ts';
import { FormBuilder } from './form-builder.tsx';
import { FormSubmissionsPanel } from './form-submissions.panel.tsx';

type Tab = 'builder' | 'submissions';

/** `/forms/:id`: a lead form's builder and the submissions it took. */
export function FormPage() {
  const { id, valid } = useRecordId('formId');
  const form = trpc.forms.get.useQuery({ id }, { enabled: valid });
  return (
    <RecordPage
      backTo="/forms"
      backLabel="Forms"
      valid={valid}
      query={form}
      notFound="Form not found"
    >
      {(loaded) => <FormView form={loaded} />}
    </RecordPage>
  );
}

function FormView({ form }: { form: Form }) {
  const [tab, setTab] = useState<Tab>('builder');
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Title order={2}>{form.name}</Title>
        <Badge variant="light" color={form.published ? 'teal' : 'gray'}>
          {form.published ? 'Published' : 'Draft'}
        </Badge>
      </Group>
      <Tabs value={tab} onChange={(value) => setTab((value ?? 'builder') as Tab)}>
        <Tabs.List aria-label="Form">
          <Tabs.Tab value="builder" leftSection={<IconForms size={16} />}>
            Builder
          </Tabs.Tab>
          <Tabs.Tab value="submissions" leftSection={<IconInbox size={16} />}>
            Submissions
          </Tabs.Tab>
        </Tabs.List>
        {/* The builder stays mounted, so a look at the submissions keeps unsaved changes. */}
        <Tabs.Panel value="builder" pt="md">
          <FormBuilder form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="submissions" pt="md">
          {tab === 'submissions' && <FormSubmissionsPanel form={form} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default FormPage;
