import { Group, Paper, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { trpc } from '../../trpc.ts';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { ADMIN_WORKSPACE_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { sortOf } from '../../components/list/sort-select.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { AdminSuspendWorkspaceDialog } from './admin-suspend-workspace.dialog.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { AdminTableState } from './admin-table-state.tsx';
import { AdminWorkspacesTable, type AdminWorkspace } from './admin-workspaces.table.tsx';
import { useWorkspaceStatus } from './use-workspace-status.ts';

/** /admin/workspaces: every workspace, searched by name or owner and paged on the server. */
export function AdminWorkspacesPage() {
  // Search and page live in the URL (the list kit): a reload or Back shows the same page.
  const url = useListSearch();
  const { page, setPage } = url;
  const debounced = url.query ?? '';
  const sort = sortOf(ADMIN_WORKSPACE_SORT_LABELS, url.search.sort);
  const list = trpc.admin.workspaces.useQuery(
    {
      search: debounced || undefined,
      sort,
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
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

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
            sort={sort}
            onSort={(next) => url.update({ sort: next })}
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
        <SearchInput
          label="Search workspaces"
          placeholder="Search by workspace or owner name..."
          value={url.text}
          searching={url.typing || (list.isFetching && debounced !== '')}
          onChange={url.setText}
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
