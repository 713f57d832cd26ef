import { Badge, Button, Code, Group, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { formatDistanceToNow } from 'date-fns';
import { showDate } from '../../components/display-preferences.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { API_TOKEN_SCOPE_LABELS } from '../../../shared/account.schema.ts';
import { succeeded } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { AccountRows } from './account-rows.tsx';
import { AccountSectionCard } from './account-section.card.tsx';
import { ApiTokenCreateDialog } from './api-token-create.dialog.tsx';

type ApiToken = RouterOutputs['account']['apiTokens'][number];

/** 'Expires Mar 3, 2027', or 'Expired' in red: the server refuses it from then on. */
function Expiry({ token }: { token: ApiToken }) {
  if (token.expired) {
    return (
      <Text span inherit c="red" fw={600}>
        Expired
      </Text>
    );
  }
  return <>{`Expires ${showDate(token.expiresAt)}`}</>;
}

function usage(token: ApiToken): string {
  const created = `Created ${showDate(token.createdAt)}`;
  const used = token.lastUsedAt
    ? `last used ${formatDistanceToNow(new Date(token.lastUsedAt), { addSuffix: true })}`
    : 'never used';
  return `${created} · ${used}`;
}

/**
 * Personal API tokens (beyond the spec): scripts call the REST API with them, with this
 * user's rights or only to read. A token is shown once when created, ends on its expiry
 * date or with a password change, and can be revoked at any time.
 */
export function ApiTokensCard() {
  const utils = trpc.useUtils();
  const tokens = trpc.account.apiTokens.useQuery();
  // The token itself is the mutation's input: its toast names it.
  const revokeToken = useMutation({
    mutationFn: (token: ApiToken) => utils.client.account.revokeApiToken.mutate({ id: token.id }),
    meta: {
      success: (_done: unknown, token: ApiToken) => [
        'API token revoked',
        `“${token.name}” no longer works.`,
      ],
      error: (error: unknown) => [
        'Failed to revoke API token',
        accountErrorMessage(error, 'Please try again.'),
      ],
      invalidates: [trpc.account.apiTokens],
    },
  });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [revokingName, setRevokingName] = useState<string>();

  const revoke = async (): Promise<boolean> =>
    revoking !== null && (await succeeded(revokeToken.mutateAsync(revoking))) !== undefined;

  return (
    <AccountSectionCard
      icon={IconKey}
      title="Personal API tokens"
      hint="Let your own scripts use the REST API with your permissions."
      action={
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
        >
          Create Token
        </Button>
      }
    >
      <AccountRows
        query={tokens}
        what="API tokens"
        none="No tokens yet. Create one to use the REST API from your own scripts."
        icon={() => IconKey}
        name={(token) => (
          <Group gap={8} wrap="nowrap" miw={0}>
            <Text size="sm" fw={600} truncate="end">
              {token.name}
            </Text>
            <Code fz="xs" visibleFrom="xs">{`${token.prefix}…`}</Code>
          </Group>
        )}
        details={(token) => (
          <>
            <Group gap={8} wrap="wrap" style={{ rowGap: 2 }}>
              <Badge size="xs" variant="light" color={token.scope === 'read' ? 'gray' : 'blue'}>
                {API_TOKEN_SCOPE_LABELS[token.scope]}
              </Badge>
              <Text size="xs" c="dimmed">
                <Expiry token={token} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {usage(token)}
            </Text>
          </>
        )}
        action={(token) => (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => {
              setRevoking(token);
              setRevokingName(token.name);
            }}
            aria-label={`Revoke ${token.name}`}
            style={{ flexShrink: 0 }}
          >
            Revoke
          </Button>
        )}
      />
      <ApiTokenCreateDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDeleteDialog
        opened={revoking !== null}
        title="Revoke API Token"
        confirmLabel="Revoke Token"
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      >
        Revoke <strong>{revokingName}</strong>? Anything using this token will stop working
        immediately. This cannot be undone.
      </ConfirmDeleteDialog>
    </AccountSectionCard>
  );
}
