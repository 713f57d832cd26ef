import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconDownload, IconInbox, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { withServerMessage } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import { useMe } from '../auth/session.ts';
import { AdminAddUserDialog } from './admin-add-user.dialog.tsx';
import { ADMIN_PAGE_SIZE, formatCount } from './admin-format.ts';
import { ADMIN_USER_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { AdminUserDrawer } from './admin-user.drawer.tsx';
import { adminUserColumns, type AdminUser } from './admin-users.table.tsx';
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
  const controls = useListControls({ pageSize: ADMIN_PAGE_SIZE, sorts: ADMIN_USER_SORT_LABELS });
  const list = trpc.admin.users.useQuery(controls.input, { placeholderData: keepPreviousData });
  const setStatus = trpc.admin.setUserStatus.useMutation({
    meta: {
      success: 'User status updated successfully',
      error: withServerMessage('Failed to update user status'),
      invalidates: [trpc.admin.users, ...auditReads],
    },
  });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const [adding, setAdding] = useState(false);
  const [exporting, setExporting] = useState(false);

  // The panel follows the list (a role changed in its Workspaces tab shows at once) and
  // keeps its own copy when the user leaves the page shown.
  const live = editing ? (list.data?.items.find((u) => u.id === editing.id) ?? editing) : null;

  const exportUsers = async () => {
    setExporting(true);
    try {
      const { items: users } = await fetchAllPages((offset, limit) =>
        utils.client.admin.users.query({ search: controls.query, offset, limit }),
      );
      await downloadUsersCsv(users);
      toastSuccess('Users exported', `${formatCount(users.length)} users in the CSV file`);
    } catch (error) {
      toastError('Export failed', messageOf(error) || undefined);
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="users"
      header={{
        description: 'Every account on this server, whichever workspaces it belongs to.',
        action: (
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
        ),
      }}
      search={{ label: 'Search users', placeholder: 'Search by name or email...' }}
      empty={{
        icon: <IconInbox size={26} stroke={1.5} />,
        title: 'No users found',
        filteredDescription: 'Try adjusting your search',
      }}
      minWidth={980}
      columns={adminUserColumns({
        meId: me.data?.id,
        // The user whose status switch spins.
        pendingStatusId: setStatus.isPending ? Number(setStatus.variables.id) : null,
        onEdit: (user) => {
          setEditing(user);
          setDrawerOpened(true);
        },
        onToggleStatus: (user) => setStatus.mutate({ id: user.id, isActive: !user.isActive }),
      })}
    >
      <AdminUserDrawer
        user={live}
        opened={drawerOpened}
        self={live?.id === me.data?.id}
        onClose={() => setDrawerOpened(false)}
      />
      <AdminAddUserDialog opened={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}

export default AdminUsersPage;
