import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { useMe } from '../auth/session.ts';
import { WorkspaceCreateForm } from './workspace-create.form.tsx';

/** /onboarding/workspace: 'Create Your Workspace' (SPEC §2, §5). */
export function OnboardingWorkspacePage() {
  useDocumentTitle('Create Your Workspace · Keel');
  const me = useMe();
  const navigate = useNavigate();
  // A workspace belongs to an account: signed-out visitors sign in first.
  if (!me.data) return <Navigate to="/login" replace />;
  return (
    <CenteredLayout>
      <Stack gap="xl">
        <Stack gap={6}>
          <Title order={1} fz={26}>
            Create Your Workspace
          </Title>
          <Text c="dimmed">
            A workspace holds your clients, projects, time and invoices. Invite your team once it is
            ready.
          </Text>
        </Stack>
        <WorkspaceCreateForm onCreated={() => navigate({ to: '/' })} />
      </Stack>
    </CenteredLayout>
  );
}
