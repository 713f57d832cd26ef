import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useCurrentWorkspace } from '../auth/session.ts';

/** The new token, shown once: only its hash is kept on the server. */
export function ApiTokenCreatedPanel({ token, onDone }: { token: string; onDone: () => void }) {
  const current = useCurrentWorkspace();
  const workspaceId = current.data?.id ?? '<workspace id>';
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        Copy this token now. For your security it will not be shown again.
      </Alert>
      <TextInput
        label="Your new token"
        value={token}
        readOnly
        ff="monospace"
        onFocus={(event) => event.currentTarget.select()}
        rightSectionPointerEvents="all"
        rightSection={
          <CopyButton value={token} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy token'}>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label="Copy token"
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          Send it with each request to the REST API, with the workspace to act in:
        </Text>
        <Code block fz="xs">
          {`Authorization: Bearer <token>\nX-Workspace-Id: ${workspaceId}`}
        </Code>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
