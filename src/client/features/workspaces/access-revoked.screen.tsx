import { Button, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getQueryKey } from '@trpc/react-query';
import { useEffect } from 'react';
import { accessRevokedMessage } from '../../../shared/workspace-access.ts';
import { CenteredLayout } from '../../components/centered-layout.tsx';
import { trpc } from '../../trpc.ts';

/** Answers about the user, not the lost workspace: kept when leaving this screen. */
const KEPT_QUERIES = new Set(
  [trpc.auth.me, trpc.workspaces.current, trpc.workspaces.listMine].map((procedure) =>
    JSON.stringify(getQueryKey(procedure)[0]),
  ),
);

/**
 * What a member sees once removed from the current workspace or deactivated in it (the
 * server's WORKSPACE_ACCESS_REVOKED refusal), on any workspace page, at their next request:
 * the workspace's name and a way on, to their other workspaces or to a new one.
 */
export function AccessRevokedScreen({ workspace }: { workspace: { id: number; name: string } }) {
  const title = accessRevokedMessage(workspace.name);
  useDocumentTitle(`${title} · Keel`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const mine = trpc.workspaces.listMine.useQuery();
  // The list cached before the removal may still hold the lost workspace.
  useEffect(() => {
    void utils.workspaces.listMine.invalidate();
  }, [utils]);
  const others = (mine.data ?? []).filter((w) => w.id !== workspace.id && !w.isDeleted);

  const leave = (to: '/workspace-selector' | '/onboarding/workspace') => {
    // Everything read in the lost workspace goes: the next one must not show it.
    queryClient.removeQueries({
      predicate: (query) => !KEPT_QUERIES.has(JSON.stringify(query.queryKey[0])),
    });
    void navigate({ to });
  };

  return (
    <CenteredLayout width={520}>
      <Stack gap="lg" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconDoorExit size={26} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={1} fz={24}>
            {title}
          </Title>
          <Text c="dimmed">
            An owner or administrator of {workspace.name} removed you from it or deactivated your
            membership. Your account is unaffected, and so are your other workspaces.
          </Text>
        </Stack>
        {mine.isPending ? (
          <Skeleton h={36} w={220} radius="sm" />
        ) : others.length > 0 || mine.isError ? (
          <Button onClick={() => leave('/workspace-selector')}>Choose another workspace</Button>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">You are not a member of any other workspace.</Text>
            <Button onClick={() => leave('/onboarding/workspace')}>Create a workspace</Button>
          </Stack>
        )}
      </Stack>
    </CenteredLayout>
  );
}

export default AccessRevokedScreen;
