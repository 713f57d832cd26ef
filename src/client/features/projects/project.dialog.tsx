import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Project } from '../../../shared/projects.schema.ts';
import { ProjectForm } from './project-form.tsx';

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
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={project ? 'Edit Project' : 'New Project'}
      size="lg"
      fullScreen={phone}
      centered
    >
      {/* The modal unmounts its content once closed: each opening starts a fresh form. */}
      <ProjectForm
        key={project?.id ?? 'new'}
        project={project}
        onSaved={onClose}
        onCancel={onClose}
      />
    </Modal>
  );
}
