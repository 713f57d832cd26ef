import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Account } from '../../../shared/account.schema.ts';
import { trpc } from '../../trpc.ts';

/**
 * The signed-in user's account view, loaded once for the cards of /account and /settings
 * (the same data, edited by the same cards on both pages).
 */
export function WithAccount({ children }: { children: (account: Account) => ReactNode }) {
  const profile = trpc.account.profile.useQuery();

  if (profile.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Loading account" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Your account could not be loaded"
        maw={960}
      >
        <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return children(profile.data);
}
