import { Alert, Anchor, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * The frame of a record's page (`/clients/:id`, `/invoices/:id`): a link back to its list,
 * then a skeleton while it loads, "not found" when the id names nothing of this workspace
 * (or is no id at all), or the record.
 */
/** The id in the route's `param` (as in `/invoices/$invoiceId`), and whether it is one. */
export function useRecordId(param: string): { id: number; valid: boolean } {
  const params = useParams({ strict: false }) as Record<string, string | undefined>;
  const id = Number(params[param]);
  return { id, valid: Number.isInteger(id) && id > 0 };
}

type BackTo =
  | '/clients'
  | '/invoices'
  | '/estimates'
  | '/recurring-invoices'
  | '/projects'
  | '/contracts'
  | '/credit-notes'
  | '/forms';

/** The "← Records" link above a record's page (or a sub-list) back to the list it is in. */
export function BackLink({ to, label }: { to: BackTo; label: string }) {
  return (
    <Anchor renderRoot={(props) => <Link to={to} {...props} />} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} /> {label}
      </Group>
    </Anchor>
  );
}

export function RecordPage<T>({
  backTo,
  backLabel,
  valid,
  query,
  notFound,
  children,
}: {
  backTo: BackTo;
  backLabel: string;
  /** Whether the URL's id is an id at all (otherwise nothing is asked). */
  valid: boolean;
  query: { data: T | undefined; isError: boolean; error: { message: string } | null };
  /** "Client not found". */
  notFound: string;
  children: (record: T) => ReactNode;
}) {
  let body: ReactNode;
  if (!valid || query.isError) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={notFound}>
        {query.error?.message ?? 'There is no such record in this workspace.'}
      </Alert>
    );
  } else if (query.data === undefined) {
    body = (
      <>
        <Skeleton h={40} w={260} />
        <Skeleton h={400} radius="lg" />
      </>
    );
  } else {
    body = children(query.data);
  }
  return (
    <Stack gap="lg" maw={1100}>
      <BackLink to={backTo} label={backLabel} />
      {body}
    </Stack>
  );
}
