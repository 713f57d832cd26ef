import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { useRetained } from '../../components/list/use-retained.ts';

/** Suspending locks every member out at once, so it is confirmed; activating is not. */
export function AdminSuspendWorkspaceDialog({
  workspace,
  onConfirm,
  onClose,
}: {
  workspace: { id: number; name: string } | null;
  onConfirm: (id: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const shown = useRetained(workspace);
  return (
    <ConfirmDeleteDialog
      opened={workspace !== null}
      title="Suspend Workspace"
      confirmLabel="Suspend Workspace"
      onClose={onClose}
      onConfirm={() => (workspace ? onConfirm(workspace.id) : Promise.resolve(false))}
    >
      Suspend &quot;{shown?.name}&quot;? Its members lose access at once and are told the workspace
      has been suspended. Nothing is deleted: activating it restores access.
    </ConfirmDeleteDialog>
  );
}
