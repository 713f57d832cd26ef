import { Anchor } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconReceiptRefund } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CREDIT_NOTE_SORT_LABELS, type CreditNote } from '../../../shared/credit-notes.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ClientFilter } from '../../components/client-filter.tsx';
import { showDay } from '../../components/display-preferences.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { CreditedInvoiceLink, CreditNoteLink } from './credit-note-links.tsx';
import type { CreditNotesSearch } from './credit-notes-search.ts';

const PAGE_SIZE = 25;

const COLUMNS: Column<CreditNote>[] = [
  { header: 'Number', nowrap: true, cell: (n) => <CreditNoteLink note={n} /> },
  {
    header: 'Client',
    share: '28%',
    cell: (n) => (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/clients/$clientId" params={{ clientId: String(n.clientId) }} {...props} />
        )}
      >
        {n.client.company || n.client.name}
      </Anchor>
    ),
  },
  { header: 'Invoice', nowrap: true, cell: (n) => <CreditedInvoiceLink note={n} /> },
  { header: 'Date', nowrap: true, cell: (n) => showDay(n.issueDate) },
  { header: 'Reason', share: '30%', cell: (n) => n.reason },
  {
    header: 'Amount',
    numeric: true,
    nowrap: true,
    cell: (n) => formatMoney(n.total, n.currency),
  },
];

/**
 * `/credit-notes`: every credit note of the workspace (searched by number, client or
 * invoice number, filtered by client, kept in the URL). Credit notes are made from an
 * issued invoice's page.
 */
export function CreditNotesPage() {
  const controls = useListControls<never, keyof typeof CREDIT_NOTE_SORT_LABELS, CreditNotesSearch>({
    pageSize: PAGE_SIZE,
    sorts: CREDIT_NOTE_SORT_LABELS,
  });
  const client = controls.search.client;
  const list = trpc.creditNotes.list.useQuery(
    { ...controls.input, clientId: client },
    { placeholderData: keepPreviousData },
  );
  return (
    <ListPage
      controls={controls}
      result={list}
      noun="credit notes"
      create={false}
      header={{
        description:
          'Corrections of issued invoices: each credits all or part of an invoice, with its own number.',
      }}
      search
      sortSelect
      filters={
        <ClientFilter
          value={client ?? null}
          onChange={(id) => controls.update({ client: id ?? undefined })}
        />
      }
      filtering={controls.filtering || client !== undefined}
      empty={{
        icon: <IconReceiptRefund size={26} stroke={1.5} />,
        description:
          'To correct an issued invoice, open it and choose “Credit note”: it is credited in full or in part.',
      }}
      columns={COLUMNS}
      minWidth={760}
      tableLabel="Credit notes"
    />
  );
}

export default CreditNotesPage;
