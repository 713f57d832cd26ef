import { Button, Group, Paper, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconDownload, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { withServerMessage } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import { useMe } from '../auth/session.ts';
import { AdminAddUserDialog } from './admin-add-user.dialog.tsx';
import { ADMIN_PAGE_SIZE, formatCount } from './admin-format.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { ADMIN_USER_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { sortOf } from '../../components/list/sort-select.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { ListPager } from '../../components/list/list-pager.tsx';
import { AdminTableState } from './admin-table-state.tsx';
import { AdminUserDrawer } from './admin-user.drawer.tsx';
import { AdminUsersTable, type AdminUser } from './admin-users.table.tsx';
import { fetchAllPages } from '../../components/fetch-all-pages.ts';
import { downloadUsersCsv } from './export-users.ts';
import { auditReads } from './refresh-audit.ts';

/**
 * /admin/users: every account on the platform, searched by name or email and paged on
 * the server, with activation, the Edit side panel, CSV export and Add User.
 */
export function AdminUsersPage() {
  const me = useMe();
  const utils = trpc.useUtils();
  // Search and page live in the URL (the list kit): a reload or Back shows the same page.
  const url = useListSearch();
  const { page, setPage } = url;
  const debounced = url.query ?? '';
  const sort = sortOf(ADMIN_USER_SORT_LABELS, url.search.sort);
  const list = trpc.admin.users.useQuery(
    {
      search: debounced || undefined,
      sort,
      limit: ADMIN_PAGE_SIZE,
      offset: (page - 1) * ADMIN_PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const setStatus = trpc.admin.setUserStatus.useMutation({
    meta: {
      success: 'User status updated successfully',
      error: withServerMessage('Failed to update user status'),
      invalidates: [trpc.admin.users, ...auditReads],
    },
  });
  // The user whose status switch spins.
  const pendingStatusId = setStatus.isPending ? Number(setStatus.variables.id) : null;
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

  // The panel follows the list (a role changed in its Workspaces tab shows at once) and
  // keeps its own copy when the user leaves the page shown.
  const live = editing ? (items.find((u) => u.id === editing.id) ?? editing) : null;

  const exportUsers = async () => {
    setExporting(true);
    try {
      const { items: users } = await fetchAllPages((offset, limit) =>
        utils.client.admin.users.query({ search: debounced || undefined, offset, limit }),
      );
      await downloadUsersCsv(users);
      toastSuccess('Users exported', `${formatCount(users.length)} users in the CSV file`);
    } catch (error) {
      toastError('Export failed', messageOf(error) || undefined);
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (list.isPending) body = <AdminTableState state="loading" label="Loading users" />;
  else if (list.isError)
    body = (
      <AdminTableState
        state="error"
        label="Users could not be loaded"
        onRetry={() => void list.refetch()}
      />
    );
  else if (items.length === 0)
    body = (
      <AdminTableState
        state="empty"
        label="No users found"
        hint={debounced ? 'Try adjusting your search' : undefined}
      />
    );
  else
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <AdminUsersTable
            users={items}
            meId={me.data?.id}
            pendingStatusId={pendingStatusId}
            onEdit={(user) => {
              setEditing(user);
              setDrawerOpened(true);
            }}
            onToggleStatus={(user) => setStatus.mutate({ id: user.id, isActive: !user.isActive })}
            sort={sort}
            onSort={(next) => url.update({ sort: next })}
          />
        </div>
        <ListPager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={total}
          noun="users"
          onPageChange={setPage}
        />
      </>
    );

  return (
    <Stack gap="md">
      <AdminPageHeader
        title="Users"
        description="Every account on this server, whichever workspaces it belongs to."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting}
              onClick={() => void exportUsers()}
            >
              Export Users
            </Button>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
              Add User
            </Button>
          </>
        }
      />
      <Group>
        <SearchInput
          label="Search users"
          placeholder="Search by name or email..."
          value={url.text}
          searching={url.typing || (list.isFetching && debounced !== '')}
          onChange={url.setText}
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      <AdminUserDrawer
        user={live}
        opened={drawerOpened}
        self={live?.id === me.data?.id}
        onClose={() => setDrawerOpened(false)}
      />
      <AdminAddUserDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

export default AdminUsersPage;
