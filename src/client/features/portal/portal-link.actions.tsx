import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { PortalLinkState } from '../../../shared/portal.schema.ts';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** "Live since …, last opened …" or that the client has no working link. */
export function portalLinkSummary(state: PortalLinkState): string {
  if (!state.live) return 'No working portal link';
  const links = state.liveLinks === 1 ? '1 working link' : `${state.liveLinks} working links`;
  const since = state.createdAt ? `, newest made ${showDateTime(state.createdAt)}` : '';
  const used = state.lastUsedAt
    ? `Last opened ${showDateTime(state.lastUsedAt)}`
    : 'Not opened yet';
  return `${links}${since}. ${used}.`;
}

export function PortalLinkBadge({ state }: { state: PortalLinkState }) {
  return state.live ? (
    <Badge variant="light" color="teal">
      Live
    </Badge>
  ) : (
    <Badge variant="light" color="gray">
      No link
    </Badge>
  );
}

/** The new link, shown once: only its hash is kept. */
function NewLinkDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  return (
    <Modal opened={url !== null} onClose={onClose} title="Portal link" centered>
      {url && (
        <Stack gap="md">
          <Alert variant="light" color="indigo" icon={<IconLink size={18} />}>
            <Text size="sm">
              Send this link to your client. It is shown only now: Keel keeps no copy it could show
              again. Anyone with it can see this client's invoices, estimates and proposals.
            </Text>
          </Alert>
          <CopyLinkField url={url} label="Portal link" copyLabel="Copy portal link" />
          <Group justify="space-between" gap="sm">
            <Button
              component="a"
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              Open portal
            </Button>
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * Create a portal link (or a new one, which ends the old ones, after a confirmation), and
 * revoke them all. Only those who issue invoices see the buttons.
 */
export function PortalLinkButtons({
  clientId,
  clientName,
  state,
  size = 'sm',
}: {
  clientId: number;
  clientName: string;
  state: PortalLinkState;
  size?: 'xs' | 'sm';
}) {
  const canManage = useCanBill();
  const [url, setUrl] = useState<string | null>(null);
  const [confirmNew, setConfirmNew] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const stale = [trpc.portal.linkState, trpc.portal.clients];
  const create = trpc.portal.createLink.useMutation({
    meta: {
      error: withServerMessage('Failed to create the portal link.'),
      invalidates: stale,
    },
  });
  const revoke = trpc.portal.revokeLinks.useMutation({
    meta: {
      success: 'Portal link revoked',
      error: withServerMessage('Failed to revoke the portal link.'),
      invalidates: stale,
    },
  });
  if (!canManage) return null;

  const makeLink = async () => {
    const made = await succeeded(create.mutateAsync({ id: clientId }));
    if (made) setUrl(made.url);
    return made !== undefined;
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {state.live ? (
          <Button
            size={size}
            variant="default"
            leftSection={<IconLink size={16} />}
            onClick={() => setConfirmNew(true)}
            aria-label={`New portal link for ${clientName}`}
          >
            New link
          </Button>
        ) : (
          <Button
            size={size}
            variant="default"
            leftSection={<IconLink size={16} />}
            loading={create.isPending}
            onClick={() => void makeLink()}
            aria-label={`Create portal link for ${clientName}`}
          >
            Create portal link
          </Button>
        )}
        {state.live && (
          <Button
            size={size}
            variant="subtle"
            color="red"
            leftSection={<IconLinkOff size={16} />}
            onClick={() => setConfirmRevoke(true)}
            aria-label={`Revoke portal link of ${clientName}`}
          >
            Revoke
          </Button>
        )}
      </Group>
      <ConfirmDeleteDialog
        opened={confirmNew}
        title="New portal link"
        confirmLabel="Create new link"
        onClose={() => setConfirmNew(false)}
        onConfirm={makeLink}
      >
        Make a new portal link for {clientName}? The links sent before, emailed invoices included,
        stop working at once.
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={confirmRevoke}
        title="Revoke portal link"
        confirmLabel="Revoke"
        closeWhenRefused
        onClose={() => setConfirmRevoke(false)}
        onConfirm={async () =>
          (await succeeded(revoke.mutateAsync({ id: clientId }))) !== undefined
        }
      >
        Revoke every portal link of {clientName}? The links sent before, emailed invoices included,
        stop working at once.
      </ConfirmDeleteDialog>
      <NewLinkDialog url={url} onClose={() => setUrl(null)} />
    </>
  );
}

/** The client page's card: whether a portal link works, since when, and its actions. */
export function PortalLinkCard({ clientId, clientName }: { clientId: number; clientName: string }) {
  const state = trpc.portal.linkState.useQuery({ id: clientId });
  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 260px' }}>
          <Group gap="sm">
            <Title order={3} fz="md">
              Client portal
            </Title>
            {state.data && <PortalLinkBadge state={state.data} />}
          </Group>
          <Text size="sm" c="dimmed">
            {state.data
              ? portalLinkSummary(state.data)
              : state.isError
                ? 'The portal link state could not be loaded.'
                : 'Loading…'}
          </Text>
          <Text size="xs" c="dimmed">
            A secret link where the client sees its invoices, estimates and proposals, downloads
            them, and accepts or declines, without an account.
          </Text>
        </Stack>
        {state.data && (
          <PortalLinkButtons clientId={clientId} clientName={clientName} state={state.data} />
        )}
      </Group>
    </Card>
  );
}
