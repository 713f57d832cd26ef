import {
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
} from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { DeferredRender } from '../deferred-render.tsx';
import { QueryLoader, QueryState } from '../query-state.tsx';
import { ConfirmDeleteDialog } from './confirm-delete.dialog.tsx';
import { ListPageHeader } from './list-page-header.tsx';
import { ListPager } from './list-pager.tsx';
import { SearchInput } from './search-input.tsx';
import { SortSelect } from './sort-select.tsx';
import { SortableTh } from './sortable-th.tsx';
import { StatusFilter } from './status-filter.tsx';
import type { ListControls } from './use-list-controls.ts';
import type { ListSearch } from './use-list-search.ts';
import { useRetained } from './use-retained.ts';

/** The list query's answer as React Query holds it: a page of rows and the whole list's size. */
export interface ListResult<T> {
  status: 'pending' | 'error' | 'success';
  data: { items: T[]; total: number } | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A list the server answers whole (a workspace's members, its rate cards) as a ListResult,
 * narrowed by `keep` when the page filters it itself.
 */
export function wholeList<T>(
  query: Omit<ListResult<T>, 'data'> & { data: T[] | undefined },
  keep: (item: T) => boolean = () => true,
): ListResult<T> {
  const items = query.data?.filter(keep);
  return {
    status: query.status,
    data: items && { items, total: items.length },
    isPlaceholderData: query.isPlaceholderData,
    isFetching: query.isFetching,
    refetch: query.refetch,
  };
}

/** A table column: its heading, and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  /** The column's key among the list's orders: the heading then sorts (SortableTh). */
  sortKey?: string;
  /** Amounts: heading and cells on the right. */
  numeric?: boolean;
  w?: number;
  /** Cells at most this wide (their text truncates). */
  maw?: number;
  cell: (item: T) => ReactNode;
  /** Cells that must not wrap (dates, amounts). */
  nowrap?: boolean;
  /** A cell that truncates its text: the column takes this share of the width. */
  share?: string;
  /** Shown only when true (e.g. the actions of those who may act). */
  hidden?: boolean;
}

/** What the list shows when it has no rows: one wording for none yet, one for none found. */
export interface EmptyTexts {
  icon: ReactNode;
  /** 'No {noun} yet' unless told. */
  title?: string;
  description?: string;
  /** The button inviting the first row (none for those who may not create). */
  create?: { label: string; onClick: () => void };
  /** Other buttons, instead of or beside `create`. */
  actions?: ReactNode;
  /** 'No {noun} found' unless told. */
  filteredTitle?: string;
  filteredDescription?: string;
}

/** Asks before deleting `item` (the page keeps which one, so a drawer can ask too). */
export interface Deletion<T> {
  item: T | null;
  onClose: () => void;
  title: string;
  message: (item: T) => ReactNode;
  /** Resolves to true when deleted. */
  confirm: (item: T) => Promise<boolean>;
  confirmLabel?: string;
  cancelLabel?: string;
}

type Body<T> =
  /** A table of `columns`, at least `minWidth` wide (it scrolls sideways on a phone). */
  | { columns: Column<T>[]; minWidth: number; tableLabel?: string }
  /** A grid of cards, one to three a row. */
  | { card: (item: T) => ReactNode }
  /** The page's own drawing of the rows (a memoized table, a list on a phone). */
  | { rows: (items: T[]) => ReactNode };

export type ListPageProps<
  T extends { id: number | string },
  Status extends string,
  Sort extends string,
  S extends ListSearch,
> = Body<T> & {
  controls: ListControls<Status, Sort, S>;
  result: ListResult<T>;
  /** Plural, lower case: 'contacts'. */
  noun: string;
  /** Unless it is the plural without its final 's'. */
  singular?: string;
  /** As in 'Loading {what}' and '{What} could not be loaded', when not the noun. */
  what?: string;
  errorTitle?: string;
  /**
   * The list's add action, for those who may add: a button in the heading (after the
   * heading's own action) and, worded for the first row, in the empty state.
   */
  create?: { label: string; first: string; onClick: () => void } | false;
  /** The page's heading (ListPageHeader, titled with the noun unless told), or its own (a section's title). */
  header?: Heading | ReactNode;
  /** The search box ('Search {noun}...' unless told); none for a list that is only filtered. */
  search?: true | { placeholder?: string; label?: string };
  /** The status filter's accessible name, when the list has statuses. */
  statusFilter?: { label: string; labels: Record<Status, string> };
  /**
   * The order select, beside the search (tables may order by their headings instead):
   * 'Sort {noun}', its label hidden, unless told.
   */
  sortSelect?: true | { label: string; hiddenLabel?: boolean };
  /** Other filters, in the search box's row. */
  filters?: ReactNode;
  /** Buttons at the end of that row (import, export, add). */
  actions?: ReactNode;
  /** Under that row: more filters, totals, a summary. */
  below?: ReactNode;
  /** A filter narrows the list (its empty state then says "found"); the search and status by default. */
  filtering?: boolean;
  empty: EmptyTexts;
  /** A list read whole (a workspace's members) has no pager. */
  paged?: boolean;
  /** Rows that draw themselves even when there are none (a board's empty columns) unless filtered. */
  drawnEmpty?: boolean;
  /** The page frames the list itself (a card around it): no border of its own. */
  bare?: boolean;
  deletion?: Deletion<T>;
  /** The page's width: every list page is as wide as the widest table unless told. */
  maw?: number;
  /** Dialogs and drawers, and what follows the list. */
  children?: ReactNode;
};

/**
 * A whole list page: heading, toolbar (search, status filter, order, the page's filters
 * and buttons), the rows as a table or cards with their loading, failed and empty states,
 * the pager (numbered pages with the total the server counted), the step back from a page
 * emptied by a deletion, and the delete confirmation. A page declares its query, columns
 * or cards, filters and texts.
 */
export function ListPage<
  T extends { id: number | string },
  Status extends string = never,
  Sort extends string = never,
  S extends ListSearch = ListSearch,
>(props: ListPageProps<T, Status, Sort, S>) {
  const { controls, result, noun, header, search, statusFilter, sortSelect } = props;
  const { filters, actions, below, empty, deletion, maw = 1400, children, paged = true } = props;
  const filtering = props.filtering ?? controls.filtering;
  const { page, setPage } = controls;
  const { pageSize } = controls.config;
  const items = result.data?.items ?? [];
  const total = result.data?.total ?? 0;

  // A page emptied by a deletion (or a hand-edited URL past the end) steps back to the
  // last page that has rows instead of showing an empty one.
  const pageGone =
    paged && result.data !== undefined && !result.isPlaceholderData && !items.length && page > 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  useEffect(() => {
    if (pageGone) setPage(Math.min(page - 1, lastPage));
  }, [pageGone, page, lastPage, setPage]);

  const toolbar = search || statusFilter || sortSelect || filters || actions;
  const { create } = props;
  const createButton = create && (
    <Button leftSection={<IconPlus size={18} />} onClick={create.onClick}>
      {create.label}
    </Button>
  );
  const frame = 'card' in props ? 'cards' : props.bare ? 'bare' : 'paper';

  return (
    <Stack gap={header ? 'lg' : 'md'} maw={maw}>
      {isHeading(header) ? (
        <ListPageHeader
          title={titleCase(noun)}
          {...header}
          action={
            header.action && createButton ? (
              <Group gap="sm">
                {header.action}
                {createButton}
              </Group>
            ) : (
              (header.action ?? createButton)
            )
          }
        />
      ) : (
        header
      )}
      {toolbar && (
        <Group gap="sm" align="flex-end">
          {search && (
            <SearchInput
              label={search === true ? undefined : search.label}
              placeholder={
                (search === true ? undefined : search.placeholder) ?? `Search ${noun}...`
              }
              value={controls.text}
              onChange={controls.setText}
              searching={controls.typing || (result.isFetching && controls.query !== undefined)}
            />
          )}
          {statusFilter && controls.config.statuses && (
            <StatusFilter
              label={statusFilter.label}
              statuses={controls.config.statuses}
              labels={statusFilter.labels}
              value={controls.status}
              onChange={controls.setStatus}
            />
          )}
          {sortSelect && controls.config.sorts && (
            <SortSelect
              {...(sortSelect === true ? { label: `Sort ${noun}`, hiddenLabel: true } : sortSelect)}
              labels={controls.config.sorts}
              value={controls.sort}
              onChange={controls.setSort}
              w={190}
            />
          )}
          {filters}
          {actions && (
            <Group gap="sm" ml="auto">
              {actions}
            </Group>
          )}
        </Group>
      )}
      {below}
      <Frame kind={frame}>
        {result.status !== 'success' || pageGone ? (
          <QueryState
            status={pageGone ? 'pending' : result.status}
            what={props.what ?? noun}
            errorTitle={props.errorTitle}
            alertMargin={frame === 'paper' ? 'md' : undefined}
            onRetry={() => void result.refetch()}
          />
        ) : items.length === 0 && !(props.drawnEmpty && !filtering) ? (
          <ListEmpty
            noun={noun}
            texts={
              create
                ? { create: { label: create.first, onClick: create.onClick }, ...empty }
                : empty
            }
            filtering={filtering}
            inCard={frame === 'cards'}
          />
        ) : (
          <>
            <Box
              style={{ opacity: result.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              <DeferredRender fallback={<QueryLoader what={props.what ?? noun} />}>
                <Rows body={props} items={items} controls={controls} />
              </DeferredRender>
            </Box>
            {paged && (
              <ListPager
                page={page}
                pageSize={pageSize}
                total={total}
                noun={noun}
                singular={props.singular}
                onPageChange={setPage}
              />
            )}
          </>
        )}
      </Frame>
      {children}
      {/* Last, so that it stacks over a drawer that asked for it. */}
      {deletion && <DeleteDialog deletion={deletion} />}
    </Stack>
  );
}

type Heading = { title?: string; description: string; action?: ReactNode };

function isHeading(header: unknown): header is Heading {
  return typeof header === 'object' && header !== null && 'description' in header;
}

/** 'rate cards' → 'Rate Cards', as the app's headings are written. */
function titleCase(noun: string) {
  return noun.replace(/(^|\s)\S/g, (first) => first.toUpperCase());
}

/** A table in a bordered sheet with its pager; cards with theirs below them. */
function Frame({ kind, children }: { kind: 'paper' | 'cards' | 'bare'; children: ReactNode }) {
  if (kind === 'paper') {
    return (
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {children}
      </Paper>
    );
  }
  return <Stack gap={kind === 'cards' ? 'sm' : 0}>{children}</Stack>;
}

function Rows<T extends { id: number | string }, Status extends string, Sort extends string>({
  body,
  items,
  controls,
}: {
  body: Body<T>;
  items: T[];
  controls: Pick<ListControls<Status, Sort>, 'sort' | 'setSort' | 'config'>;
}) {
  if ('rows' in body) return body.rows(items);
  if ('card' in body) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {items.map((item) => (
          <Fragment key={item.id}>{body.card(item)}</Fragment>
        ))}
      </SimpleGrid>
    );
  }
  const columns = body.columns.filter((column) => !column.hidden);
  const { sorts } = controls.config;
  return (
    <Table.ScrollContainer minWidth={body.minWidth} type="scrollarea">
      <Table
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="sm"
        aria-label={body.tableLabel}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) =>
              column.sortKey && sorts ? (
                <SortableTh
                  key={index}
                  column={column.sortKey}
                  labels={sorts}
                  value={controls.sort}
                  onChange={controls.setSort}
                  w={column.w}
                >
                  {column.header}
                </SortableTh>
              ) : (
                <Table.Th key={index} w={column.w} ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column, index) => (
                <Table.Td
                  key={index}
                  maw={column.maw}
                  ta={column.numeric ? 'right' : undefined}
                  style={{
                    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
                    ...(column.share ? { maxWidth: 0, width: column.share } : {}),
                  }}
                >
                  {column.cell(item)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ListEmpty({
  noun,
  texts,
  filtering,
  inCard,
}: {
  noun: string;
  texts: EmptyTexts;
  filtering: boolean;
  /** Among cards, which have no frame around them: it takes a card's. */
  inCard: boolean;
}) {
  const state = filtering ? (
    <EmptyState
      py={56}
      px="md"
      withIndicatorBackground
      icon={<IconSearch size={26} stroke={1.6} />}
      title={texts.filteredTitle ?? `No ${noun} found`}
      description={texts.filteredDescription ?? 'Try adjusting your search or filter.'}
    />
  ) : (
    <EmptyState
      py={56}
      px="md"
      variant="light"
      icon={texts.icon}
      title={texts.title ?? `No ${noun} yet`}
      description={texts.description}
    >
      {(texts.create || texts.actions) && (
        <EmptyState.Actions>
          <Group gap="sm" justify="center">
            {texts.create && (
              <Button leftSection={<IconPlus size={16} />} onClick={texts.create.onClick}>
                {texts.create.label}
              </Button>
            )}
            {texts.actions}
          </Group>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
  return inCard ? (
    <Card withBorder radius="lg" p={0}>
      {state}
    </Card>
  ) : (
    state
  );
}

function DeleteDialog<T>({ deletion }: { deletion: Deletion<T> }) {
  // The dialog keeps its text while it closes.
  const shown = useRetained(deletion.item);
  return (
    <ConfirmDeleteDialog
      opened={deletion.item !== null}
      title={deletion.title}
      confirmLabel={deletion.confirmLabel}
      cancelLabel={deletion.cancelLabel}
      onClose={deletion.onClose}
      onConfirm={() =>
        deletion.item !== null ? deletion.confirm(deletion.item) : Promise.resolve(false)
      }
    >
      {shown !== null && deletion.message(shown)}
    </ConfirmDeleteDialog>
  );
}
