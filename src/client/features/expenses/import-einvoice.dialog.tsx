import { Alert, FileInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { IconAlertCircle, IconFileInvoice } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { Expense } from '../../../shared/expenses.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { toastSuccess } from '../../components/toasts.tsx';
import { trpc } from '../../trpc.ts';
import { responseError } from '../account/account-errors.ts';
import { MAX_RECEIPT_BYTES } from './upload-receipt.ts';

/** What the file input offers: e-invoice XML (UBL, CII) and Factur-X / ZUGFeRD PDFs. */
export const EINVOICE_ACCEPT = '.xml,.pdf,application/xml,text/xml,application/pdf';

/** POST /api/expenses/import-einvoice (multipart, field `file`) → the draft expense. */
async function importEinvoice(file: File): Promise<Expense> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/expenses/import-einvoice', {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) throw await responseError(response, 'The e-invoice could not be imported.');
  return (await response.json()) as Expense;
}

/**
 * Import e-invoice: a supplier's UBL or CII XML, or a Factur-X / ZUGFeRD PDF, becomes a
 * draft expense, which `onImported` opens for review. A refusal stays in the dialog; the
 * toast comes only once the draft is saved.
 */
export function ImportEinvoiceDialog({
  opened,
  onClose,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  onImported: (expense: Expense) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = () => {
    setFile(null);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setError('Choose an e-invoice file to import');
      return;
    }
    if (file.size >= MAX_RECEIPT_BYTES) {
      setError('File size must be less than 5MB');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const expense = await importEinvoice(file);
      await queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.expenses) });
      toastSuccess('E-invoice imported', 'Review the draft expense, then confirm it.');
      setFile(null);
      onImported(expense);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Please try again.');
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog opened={opened} onClose={close} title="Import e-invoice">
      <DialogForm onSubmit={submit} pending={pending} submitLabel="Import" onCancel={close}>
        <Text size="sm" c="dimmed">
          A supplier’s e-invoice becomes a draft expense with its vendor, date, number, total and
          VAT, and the file as its receipt. Drafts count in no total or report until you confirm
          them.
        </Text>
        <FileInput
          label="E-invoice file"
          description="UBL or CII XML, or a Factur-X / ZUGFeRD PDF; at most 5 MB"
          placeholder="Choose a file"
          accept={EINVOICE_ACCEPT}
          clearable
          leftSection={<IconFileInvoice size={16} />}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
          data-autofocus
        />
        {error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Not imported"
            role="alert"
          >
            {error}
          </Alert>
        )}
      </DialogForm>
    </FormDialog>
  );
}
