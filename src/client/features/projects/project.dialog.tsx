import type { Project } from '../../../shared/projects.schema.ts';
import { ProjectForm } from './project-form.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';

/** New Project (no `project`) and Edit Project; full screen on a phone. */
export function ProjectDialog({
  opened,
  project,
  onClose,
}: {
  opened: boolean;
  project: Project | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={project ? 'Edit Project' : 'New Project'}
      size="lg"
    >
      {/* The modal unmounts its content once closed: each opening starts a fresh form. */}
      <ProjectForm
        key={project?.id ?? 'new'}
        project={project}
        onSaved={onClose}
        onCancel={onClose}
      />
    </FormDialog>
  );
}
