import { Alert, Button, Card, Center, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTargetArrow } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import {
  countByStage,
  filterLeads,
  sortLeads,
  type SortDirection,
  type SortField,
} from './lead-view.ts';
import { ManageStagesDialog } from './manage-stages.dialog.tsx';
import { OpportunitiesBoard } from './opportunities-board.tsx';
import { OpportunitiesList } from './opportunities-list.tsx';
import { OpportunitiesToolbar, type OpportunitiesView } from './opportunities-toolbar.tsx';
import { OpportunityDialog } from './opportunity.dialog.tsx';
import classes from './pipeline.module.css';
import { PipelineSummary } from './pipeline-summary.tsx';
import { useLeads, useStages } from './use-leads.ts';
import { useRecordSearch } from '../../routes/use-record-search.ts';

/** Which deal the opportunity dialog shows; kept while it closes so its title stays put. */
type DialogState = { opened: boolean; leadId: number | null };

/**
 * /opportunities (SPEC §2): the pipeline as a kanban board (the default) or a list, with
 * search and sort applied to both, and the dialogs to add, edit and delete deals and to
 * manage stages.
 */
export function OpportunitiesPage() {
  const leadsQuery = useLeads();
  const stagesQuery = useStages();
  const [search, setSearch] = useRecordSearch();
  // Typing stays responsive with a thousand deals: the filtering follows a beat behind.
  const deferredSearch = useDeferredValue(search);
  const [sortField, setSortField] = useState<SortField>('none');
  const [sortDirection, setSortDirection] = useState<SortDirection>('asc');
  const [view, setView] = useState<OpportunitiesView>('kanban');
  const [dialog, setDialog] = useState<DialogState>({ opened: false, leadId: null });
  const [stagesOpened, setStagesOpened] = useState(false);

  const allLeads = leadsQuery.data?.items;
  const stages = stagesQuery.data;
  const shown = useMemo(
    () => sortLeads(filterLeads(allLeads ?? [], deferredSearch), sortField, sortDirection),
    [allLeads, deferredSearch, sortField, sortDirection],
  );
  const counts = useMemo(() => countByStage(allLeads ?? []), [allLeads]);
  const dialogLead = useMemo(
    () => allLeads?.find((lead) => lead.id === dialog.leadId) ?? null,
    [allLeads, dialog.leadId],
  );

  const openAdd = useCallback(() => setDialog({ opened: true, leadId: null }), []);
  const openEdit = useCallback((lead: Lead) => setDialog({ opened: true, leadId: lead.id }), []);
  const closeDialog = useCallback(() => setDialog((d) => ({ ...d, opened: false })), []);

  const searching = deferredSearch.trim().length > 0;

  let content;
  if (leadsQuery.isPending || stagesQuery.isPending) {
    content = (
      <Center py={80}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading opportunities...</Text>
        </Group>
      </Center>
    );
  } else if (leadsQuery.isError || stagesQuery.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Failed to load opportunities"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              void leadsQuery.refetch();
              void stagesQuery.refetch();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (shown.length === 0) {
    content = (
      <Card withBorder radius="lg" py={56} px="md">
        <EmptyState
          variant="light"
          size="md"
          icon={<IconTargetArrow size={26} stroke={1.5} />}
          title="No opportunities found"
          description={
            searching
              ? 'Try adjusting your search'
              : 'Add your first opportunity to start building your sales pipeline'
          }
        >
          {!searching && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} stroke={1.8} />} onClick={openAdd}>
                Add First Opportunity
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
    );
  } else if (view === 'kanban') {
    content = (
      <div className={classes.fill} style={{ gap: 'var(--mantine-spacing-md)' }}>
        <PipelineSummary leads={shown} />
        <OpportunitiesBoard stages={stagesQuery.data} leads={shown} onOpen={openEdit} />
      </div>
    );
  } else {
    content = <OpportunitiesList stages={stagesQuery.data} leads={shown} onOpen={openEdit} />;
  }

  return (
    <div className={classes.page}>
      <OpportunitiesToolbar
        search={search}
        onSearchChange={setSearch}
        sortField={sortField}
        onSortFieldChange={setSortField}
        sortDirection={sortDirection}
        onSortDirectionChange={setSortDirection}
        view={view}
        onViewChange={setView}
        onManageStages={() => setStagesOpened(true)}
        onAdd={openAdd}
      />
      {content}
      <OpportunityDialog
        opened={dialog.opened && (dialog.leadId === null || dialogLead !== null)}
        lead={dialogLead}
        stages={stages ?? []}
        onClose={closeDialog}
      />
      <ManageStagesDialog
        opened={stagesOpened}
        onClose={() => setStagesOpened(false)}
        stages={stages ?? []}
        counts={counts}
      />
    </div>
  );
}
