import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROJECT_STATUSES,
  type Project,
  PROJECT_SORT_LABELS,
} from '../../../shared/projects.schema.ts';
import { trpc } from '../../trpc.ts';
import { LogTimeDialog } from '../time/log-time.dialog.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { ProjectCard } from './project-card.tsx';
import { projectLabel } from './project-picker.tsx';
import { ProjectDialog } from './project.dialog.tsx';
import { PROJECT_STATUS_LABELS } from './project-status.ts';
import { SearchInput } from '../../components/list/search-input.tsx';
import { SortSelect } from '../../components/list/sort-select.tsx';
import { StatusFilter } from '../../components/list/status-filter.tsx';
import { PAGE_SIZE, pageRows, useListControls } from '../../components/list/use-list-controls.ts';
import { useProjectMutations } from './use-project-mutations.ts';

/**
 * `/projects` (SPEC §2 Projects): searched by project or client name on the server,
 * filtered by status, a card per project with its budget progress, and the New Project
 * and Edit Project dialogs.
 */
export function ProjectsPage() {
  const controls = useListControls(PROJECT_STATUSES, PROJECT_SORT_LABELS);
  const list = trpc.projects.list.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
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
  const [deletingShown, setDeletingShown] = useState<Project | null>(null);

  const { items, hasMore } = pageRows(list.data?.items);
  // After a deletion or a status change the page may have emptied: step back.
  if (list.data && !list.isPlaceholderData && items.length === 0 && controls.page > 1) {
    controls.setPage(controls.page - 1);
  }
  const openNew = () => setDialog({ opened: true, project: null });

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Projects"
        description="Client work with budgets, hours logged and progress."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={openNew}>
            New Project
          </Button>
        }
      />
      <Group gap="sm" align="center">
        <SearchInput
          placeholder="Search projects..."
          value={controls.search}
          onChange={controls.setSearch}
          searching={list.isFetching && controls.search.trim() !== ''}
        />
        <StatusFilter
          label="Project status"
          statuses={PROJECT_STATUSES}
          labels={PROJECT_STATUS_LABELS}
          value={controls.status}
          onChange={controls.setStatus}
        />
        <SortSelect
          label="Sort projects"
          hiddenLabel
          labels={PROJECT_SORT_LABELS}
          value={controls.sort}
          onChange={controls.setSort}
          w={190}
        />
      </Group>

      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={controls.filtering}
        noun="projects"
        icon={<IconFolders size={26} stroke={1.5} />}
        emptyHint="Create a project to track its budget, hours and earnings."
        createLabel="Create your first project"
        onCreate={openNew}
        onRetry={() => void list.refetch()}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {items.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              onEdit={() => setDialog({ opened: true, project })}
              onLogTime={() => setLogging({ opened: true, project })}
              onStatusChange={(status) => void mutations.changeStatus(project, status)}
              onDelete={() => {
                setDeleting(project);
                setDeletingShown(project);
              }}
            />
          ))}
        </SimpleGrid>
        <ListPager
          page={controls.page}
          pageSize={PAGE_SIZE}
          noun="projects"
          shown={items.length}
          hasMore={hasMore}
          onPageChange={controls.setPage}
        />
      </ListBody>

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
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Project"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        Are you sure you want to delete &quot;{deletingShown?.name}&quot;? Its time entries are
        deleted with it; its invoices keep their amounts. This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default ProjectsPage;
