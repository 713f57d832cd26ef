import { Group, Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { AdminSearchInput } from './admin-search.input.tsx';
import { AdminSuspendWorkspaceDialog } from './admin-suspend-workspace.dialog.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { AdminTableState } from './admin-table-state.tsx';
import { AdminWorkspacesTable, type AdminWorkspace } from './admin-workspaces.table.tsx';
import { useWorkspaceStatus } from './use-workspace-status.ts';

/** /admin/workspaces: every workspace, searched by name or owner and paged on the server. */
export function AdminWorkspacesPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = trpc.admin.workspaces.useQuery(
    {
      search: debounced || undefined,
      limit: ADMIN_PAGE_SIZE,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const status = useWorkspaceStatus();
  const [suspending, setSuspending] = useState<AdminWorkspace | null>(null);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  const toggle = (workspace: AdminWorkspace) => {
    if (workspace.isActive) setSuspending(workspace);
    else void status.setActive(workspace.id, true);
  };

  let body;
  if (list.isPending) body = <AdminTableState state="loading" label="Loading workspaces" />;
  else if (list.isError)
    body = (
      <AdminTableState
        state="error"
        label="Workspaces could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <AdminTableState
        state="empty"
        label="No workspaces found"
        hint={debounced ? 'Try adjusting your search' : undefined}
      />
    );
  else
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <AdminWorkspacesTable
            workspaces={items}
            pendingId={status.pendingId}
            onToggleStatus={toggle}
          />
        </div>
        <ListPager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={total}
          noun="workspaces"
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Workspaces"
        description="Every workspace on this server, with its owner, size and status."
      />
      <Group>
        <AdminSearchInput
          label="Search workspaces"
          placeholder="Search by workspace or owner name..."
          value={search}
          searching={list.isFetching && debounced !== ''}
          onChange={changeSearch}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      <AdminSuspendWorkspaceDialog
        workspace={suspending}
        onConfirm={(id) => status.setActive(id, false)}
        onClose={() => setSuspending(null)}
      />
    </Stack>
  );
}

export default AdminWorkspacesPage;
