import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import type { EinvoiceError } from '../../../shared/einvoices.schema.ts';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';
import { trpc } from '../../trpc.ts';
import type { InvoiceEditorInput } from '../invoices/invoice-editor.schema.ts';

/** The editor's own fields an error can name (`lines[2].taxRate` → `lines.2.taxRate`). */
const LINE_FIELDS = new Set([
  'description',
  'quantity',
  'unit',
  'unitCode',
  'unitPrice',
  'taxRate',
  'taxCategory',
  'taxExemptionReason',
]);
const DOCUMENT_FIELDS = new Set([
  'issueDate',
  'dueDate',
  'currency',
  'buyerReference',
  'purchaseOrderReference',
  'servicePeriodStart',
  'servicePeriodEnd',
]);

/** The editor's form path of an error's field, or null when it lives elsewhere. */
export function formPathOf(field: string): FieldPath<InvoiceEditorInput> | null {
  const line = /^lines\[(\d+)\]\.(\w+)$/.exec(field);
  if (line && LINE_FIELDS.has(line[2]!)) {
    return `lines.${Number(line[1])}.${line[2]}` as FieldPath<InvoiceEditorInput>;
  }
  return DOCUMENT_FIELDS.has(field) ? (field as FieldPath<InvoiceEditorInput>) : null;
}

/** Where an error outside the editor is fixed: the business profile, or the client. */
function FixElsewhere({ error, invoice }: { error: EinvoiceError; invoice: InvoiceDetail }) {
  if (error.field.startsWith('seller.') || error.field === 'iban' || error.field === 'bic') {
    return (
      <Anchor renderRoot={(props) => <Link to="/settings" {...props} />} size="sm">
        Open Settings → Business
      </Anchor>
    );
  }
  if (error.field.startsWith('buyer.')) {
    return (
      <Anchor
        renderRoot={(props) => (
          <Link
            to="/clients/$clientId"
            params={{ clientId: String(invoice.clientId) }}
            {...props}
          />
        )}
        size="sm"
      >
        Open the client
      </Anchor>
    );
  }
  return null;
}

/**
 * With e-invoicing on, what stops this draft from being issued as an e-invoice (Keel's
 * EN 16931 checks, `POST /api/invoices/{id}/einvoice/validate`): each problem shown next to
 * its field in the editor, and listed here with a way to it. Checked again whenever the
 * saved draft changes.
 */
export function EinvoiceCheck({ invoice }: { invoice: InvoiceDetail }) {
  const einvoicing = trpc.business.get.useQuery(undefined, { staleTime: Infinity }).data
    ?.einvoicing;
  const check = trpc.einvoices.validate.useMutation();
  const { mutate } = check;
  const form = useFormContext<InvoiceEditorInput>();
  const { setError, setFocus } = form;

  // Checked when the editor opens and whenever the saved draft changes (a save, time or
  // expenses added). No toast: a failed check shows nothing rather than a false alarm.
  useEffect(() => {
    if (einvoicing) mutate({ id: invoice.id });
  }, [invoice, einvoicing, mutate]);

  const errors = check.data?.errors;
  useEffect(() => {
    for (const error of errors ?? []) {
      const path = formPathOf(error.field);
      if (path) setError(path, { type: 'einvoice', message: error.message });
    }
  }, [errors, setError]);

  if (!einvoicing || !errors) return null;
  if (errors.length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Ready to issue as an e-invoice: it meets the EN 16931 rules.
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Fix these before issuing the e-invoice"
    >
      <List spacing="xs" size="sm">
        {errors.map((error) => {
          const path = formPathOf(error.field);
          return (
            <List.Item key={`${error.rule}-${error.field}`}>
              <Stack gap={2}>
                <Text size="sm">
                  {error.message}{' '}
                  <Text span size="xs" c="dimmed">
                    ({error.rule})
                  </Text>
                </Text>
                {path ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    w="fit-content"
                    px={0}
                    onClick={() => setFocus(path)}
                  >
                    Go to the field
                  </Button>
                ) : (
                  <FixElsewhere error={error} invoice={invoice} />
                )}
              </Stack>
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}
