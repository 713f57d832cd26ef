import {} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFolders } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROJECT_STATUSES,
  type Project,
  PROJECT_SORT_LABELS,
} from '../../../shared/projects.schema.ts';
import { trpc } from '../../trpc.ts';
import { LogTimeDialog } from '../time/log-time.dialog.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
import { ProjectCard } from './project-card.tsx';
import { projectLabel } from './project-picker.tsx';
import { ProjectDialog } from './project.dialog.tsx';
import { PROJECT_STATUS_LABELS } from './project-status.ts';
import { useProjectMutations } from './use-project-mutations.ts';

/**
 * `/projects` (SPEC §2 Projects): searched by project or client name on the server,
 * filtered by status, a card per project with its budget progress, and the New Project
 * and Edit Project dialogs.
 */
export function ProjectsPage() {
  const controls = useListControls({
    pageSize: PAGE_SIZE,
    statuses: PROJECT_STATUSES,
    sorts: PROJECT_SORT_LABELS,
  });
  const list = trpc.projects.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const mutations = useProjectMutations();
  const [dialog, setDialog] = useState<{ opened: boolean; project: Project | null }>({
    opened: false,
    project: null,
  });
  const [logging, setLogging] = useState<{ opened: boolean; project: Project | null }>({
    opened: false,
    project: null,
  });
  const [deleting, setDeleting] = useState<Project | null>(null);
  const openNew = () => setDialog({ opened: true, project: null });

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="projects"
      create={{ label: 'New Project', first: 'Create your first project', onClick: openNew }}
      header={{
        description: 'Client work with budgets, hours logged and progress.',
      }}
      search
      statusFilter={{ label: 'Project status', labels: PROJECT_STATUS_LABELS }}
      sortSelect
      empty={{
        icon: <IconFolders size={26} stroke={1.5} />,
        description: 'Create a project to track its budget, hours and earnings.',
      }}
      card={(project) => (
        <ProjectCard
          project={project}
          onEdit={() => setDialog({ opened: true, project })}
          onLogTime={() => setLogging({ opened: true, project })}
          onStatusChange={(status) => void mutations.changeStatus(project, status)}
          onDelete={() => setDeleting(project)}
        />
      )}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Project',
        message: (project) =>
          `Are you sure you want to delete "${project.name}"? Its time entries are deleted with it; its invoices keep their amounts. This action cannot be undone.`,
        confirm: mutations.remove,
      }}
    >
      <ProjectDialog
        opened={dialog.opened}
        project={dialog.project}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <LogTimeDialog
        opened={logging.opened}
        projectId={logging.project?.id ?? null}
        projectName={logging.project ? projectLabel(logging.project) : null}
        onClose={() => setLogging((current) => ({ ...current, opened: false }))}
      />
    </ListPage>
  );
}

export default ProjectsPage;
