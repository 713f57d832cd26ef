import { keepPreviousData } from '@tanstack/react-query';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { ADMIN_PAGE_SIZE } from './admin-format.ts';
import { ADMIN_WORKSPACE_SORT_LABELS } from '../../../shared/admin.schema.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { AdminSuspendWorkspaceDialog } from './admin-suspend-workspace.dialog.tsx';
import { adminWorkspaceColumns, type AdminWorkspace } from './admin-workspaces.table.tsx';
import { useWorkspaceStatus } from './use-workspace-status.ts';

/** /admin/workspaces: every workspace, searched by name or owner and paged on the server. */
export function AdminWorkspacesPage() {
  const controls = useListControls({
    pageSize: ADMIN_PAGE_SIZE,
    sorts: ADMIN_WORKSPACE_SORT_LABELS,
  });
  const list = trpc.admin.workspaces.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
  const status = useWorkspaceStatus();
  const [suspending, setSuspending] = useState<AdminWorkspace | null>(null);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="workspaces"
      header={{
        description: 'Every workspace on this server, with its owner, size and status.',
      }}
      search={{ label: 'Search workspaces', placeholder: 'Search by workspace or owner name...' }}
      empty={{
        icon: <IconInbox size={26} stroke={1.5} />,
        title: 'No workspaces found',
        filteredDescription: 'Try adjusting your search',
      }}
      minWidth={960}
      columns={adminWorkspaceColumns({
        pendingId: status.pendingId,
        onToggleStatus: (workspace) =>
          workspace.isActive ? setSuspending(workspace) : void status.setActive(workspace.id, true),
      })}
    >
      <AdminSuspendWorkspaceDialog
        workspace={suspending}
        onConfirm={(id) => status.setActive(id, false)}
        onClose={() => setSuspending(null)}
      />
    </ListPage>
  );
}

export default AdminWorkspacesPage;
