import { Badge, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type KeyboardEvent } from 'react';
import type { Lead } from '../../../shared/pipeline.schema.ts';
import { formatCloseDate, type LeadViewProps } from './lead-view.ts';
import classes from './pipeline.module.css';
import { columnColor } from '../../../shared/column-colors.ts';
import { useMoney } from '../../components/money.tsx';

/** SPEC §9: eight columns that need 1200 px; narrower screens scroll sideways. */
const MIN_TABLE_WIDTH = 1200;
const ESTIMATED_ROW_HEIGHT = 58;
/**
 * Fixed column widths (shares of at least 1200 px): rows come and go as the list scrolls,
 * and widths measured from the rows on screen would jump with them.
 */
const COLUMNS = [
  { label: 'Title', width: '19%' },
  { label: 'Client', width: '14%' },
  { label: 'Value', width: '10%' },
  { label: 'Probability', width: '9%' },
  { label: 'Close Date', width: '11%' },
  { label: 'Stage', width: '12%' },
  { label: 'Owner', width: '11%' },
  { label: 'Primary Contact', width: '14%' },
] as const;

/**
 * The list view (SPEC §2). Rows are windowed inside the scroll area, so a workspace with
 * thousands of deals keeps a few dozen rows in the page; the header stays on top. A row
 * opens its deal on click or Enter.
 */
export function OpportunitiesList({ stages, leads, onOpen }: LeadViewProps) {
  const formatMoney = useMoney();
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageByKey = useMemo(() => new Map(stages.map((s) => [s.key, s])), [stages]);
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => leads[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, lead: Lead) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(lead);
    }
  };

  return (
    <ScrollArea
      className={classes.listScroll}
      viewportRef={viewportRef}
      type="auto"
      offsetScrollbars="present"
    >
      <Table
        miw={MIN_TABLE_WIDTH}
        layout="fixed"
        stickyHeader
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-rowcount={leads.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map(({ label, width }) => (
              <Table.Th key={label} w={width} ta={label === 'Value' ? 'right' : undefined}>
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS.length} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const lead = leads[item.index];
            if (!lead) return null;
            const stage = stageByKey.get(lead.stage);
            return (
              <Table.Tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={classes.row}
                tabIndex={0}
                onClick={() => onOpen(lead)}
                onKeyDown={(event) => onRowKeyDown(event, lead)}
              >
                <Table.Td>
                  <Text size="sm" fw={600} truncate="end">
                    {lead.dealName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end">
                    {lead.company?.name ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" fw={500}>
                    {formatMoney(lead.value)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{lead.probability}%</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatCloseDate(lead.closeDate) ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={columnColor(stage?.color)}
                    radius="sm"
                    tt="none"
                    maw="100%"
                    title={stage?.label ?? lead.stage}
                  >
                    {stage?.label ?? lead.stage}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {lead.owner ? (
                    <Text
                      size="sm"
                      truncate="end"
                      td={lead.owner.isActive ? undefined : 'line-through'}
                      c={lead.owner.isActive ? undefined : 'dimmed'}
                      title={lead.owner.isActive ? undefined : 'Deactivated'}
                    >
                      {lead.owner.fullName}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Unassigned
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {lead.person ? (
                    <Stack gap={0}>
                      <Text size="sm" truncate="end">
                        {lead.person.fullName}
                      </Text>
                      {lead.person.email && (
                        <Text size="xs" c="dimmed" truncate="end">
                          {lead.person.email}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={COLUMNS.length} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
