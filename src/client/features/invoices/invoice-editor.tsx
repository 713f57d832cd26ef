import { Button, SimpleGrid } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';
import { DraftEditorForm } from './draft-editor.form.tsx';
import { editorValues, toUpdate } from './invoice-editor.schema.ts';
import { DraftTimePanel } from './draft-time.panel.tsx';
import { UnbilledExpensesPicker } from './unbilled-expenses.picker.tsx';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * A draft invoice, fully editable (issue 18). Saving sends the whole draft
 * (`PUT /api/invoices/{id}`): a line left out is removed, and the time it billed is unbilled
 * again.
 */
export function InvoiceEditor({
  invoice,
  onSendByEmail,
}: {
  invoice: InvoiceDetail;
  /** Opens the send-by-email dialog, once what is on screen is saved. */
  onSendByEmail?: () => void;
}) {
  const mutations = useInvoiceMutations();
  const values = useMemo(() => editorValues(invoice), [invoice]);
  return (
    <DraftEditorForm
      label="Edit draft invoice"
      values={values}
      save={(changed) => mutations.update(toUpdate(invoice.id, changed))}
      header={{
        issueDescription: 'Empty: the day it is issued',
        dueLabel: 'Due date',
        dueDescription: 'Empty: from the payment terms',
      }}
      references
      below={(busy) => (
        // What the client owes that no invoice bills yet: time and expenses, side by side.
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <DraftTimePanel invoice={invoice} disabled={busy} />
          <UnbilledExpensesPicker invoice={invoice} disabled={busy} />
        </SimpleGrid>
      )}
      actions={(afterSave, submitting) => (
        <>
          {onSendByEmail && (
            // Sending by email issues the draft too: what is on screen is saved first.
            <Button
              variant="light"
              leftSection={<IconMail size={16} />}
              onClick={afterSave(onSendByEmail)}
              disabled={submitting}
            >
              Send by email
            </Button>
          )}
          <Button onClick={afterSave(() => mutations.issue(invoice))} loading={submitting}>
            Issue invoice
          </Button>
        </>
      )}
    />
  );
}
