import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useState } from 'react';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { showDateTime } from '../../components/display-preferences.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * The member's private calendar feed: made here, shown once (the server keeps only its
 * hash), renewed (which ends the old address) or turned off.
 */
export function CalendarFeedPanel() {
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<'renew' | 'off' | null>(null);
  const status = trpc.scheduling.feedStatus.useQuery();
  const { mutateAsync: create, isPending } = trpc.scheduling.createFeed.useMutation({
    meta: {
      error: withServerMessage('Failed to make the calendar link'),
      invalidates: [trpc.scheduling.feedStatus],
    },
  });
  const { mutateAsync: remove } = trpc.scheduling.deleteFeed.useMutation({
    meta: {
      invalidates: [trpc.scheduling.feedStatus],
      success: ['Calendar link turned off', 'Calendar apps subscribed to it stop updating.'],
      error: withServerMessage('Failed to turn off the calendar link'),
    },
  });

  const make = async () => {
    const feed = await succeeded(create());
    if (feed) setUrl(feed.url);
    return feed !== undefined;
  };
  // A link made earlier (its address is not kept) can be renewed or turned off too.
  const active = url !== null || status.data?.active === true;

  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      <Stack gap="md">
        <Title order={3} size="h5">
          Calendar feed
        </Title>
        <Text size="sm">
          Subscribe to this private link from Google Calendar, Apple Calendar or Outlook to see your
          bookings there, kept up to date.
        </Text>
        {url ? (
          <>
            <CopyLinkField
              url={url}
              label="Your calendar link"
              description="Shown this once: copy it now. Anyone with the link sees your bookings."
              copyLabel="Copy calendar link"
            />
          </>
        ) : status.data?.active ? (
          <Alert variant="light" color="teal" icon={<IconCalendarShare size={18} />}>
            Your calendar link is on, made {showDateTime(status.data.createdAt)}. Keel keeps only a
            fingerprint of it, so it cannot show it again: make a new link to copy one (the old one
            then stops working).
          </Alert>
        ) : (
          <Alert variant="light" color="gray" icon={<IconCalendarShare size={18} />}>
            You have no calendar link. Keel keeps only a fingerprint of a link, so it is shown once,
            when it is made.
          </Alert>
        )}
        <Group gap="sm">
          {active ? (
            <Button variant="default" onClick={() => setAsking('renew')}>
              Make a new link
            </Button>
          ) : (
            <Button loading={isPending} onClick={() => void make()}>
              Make calendar link
            </Button>
          )}
          {active && (
            <Button variant="subtle" color="red" onClick={() => setAsking('off')}>
              Turn off
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDeleteDialog
        opened={asking === 'renew'}
        title="Make a new calendar link"
        confirmLabel="Make a new link"
        onClose={() => setAsking(null)}
        onConfirm={make}
      >
        The link you have now stops working: calendar apps subscribed to it need the new one.
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={asking === 'off'}
        title="Turn off the calendar link"
        confirmLabel="Turn off"
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          const done = (await succeeded(remove())) !== undefined;
          if (done) setUrl(null);
          return done;
        }}
      >
        Your calendar link stops working and calendar apps subscribed to it stop updating. You can
        make a new one at any time.
      </ConfirmDeleteDialog>
    </Paper>
  );
}
