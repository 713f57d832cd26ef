import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CSV_DATE_FORMATS,
  type BankAccount,
  type BankImportResult,
  type CsvMapping,
} from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import {
  importStatement,
  MAX_STATEMENT_BYTES,
  STATEMENT_ACCEPT,
  type ImportProgress,
} from './import-statement.ts';
import { SignedAmount } from './signed-amount.tsx';

type Mapping = Partial<CsvMapping>;

/** The mapping keys the wizard offers as a column select, with their labels. */
const COLUMN_FIELDS = [
  ['dateColumn', 'Date column'],
  ['descriptionColumn', 'Description column'],
  ['counterpartyColumn', 'Counterparty column'],
  ['referenceColumn', 'Reference column'],
] as const;

/** A column as a select's value: its heading, or `#n` for a file without a heading row. */
const columnValue = (column: unknown): string | null =>
  typeof column === 'number' ? `#${column}` : typeof column === 'string' ? column : null;
const columnOf = (value: string | null): string | number | undefined =>
  value === null ? undefined : value.startsWith('#') ? Number(value.slice(1)) : value;

function countsText(result: BankImportResult): string {
  const rejected = result.rejected.length;
  return `${result.imported} new, ${result.duplicates} ${result.duplicates === 1 ? 'duplicate' : 'duplicates'}, ${rejected} rejected`;
}

/**
 * The statement import: choose a file, see what it would import (for a CSV, the columns
 * mapped, guessed by the server and changed here, previewed again on each change), then
 * import it. The toast comes after the server saved.
 */
export function ImportStatementDialog({
  account,
  onClose,
}: {
  account: BankAccount | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={account !== null}
      onClose={onClose}
      title={account ? `Import a statement into ${account.name}` : 'Import a statement'}
      size="xl"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
    >
      {account && <Wizard key={account.id} account={account} onDone={onClose} />}
    </Modal>
  );
}

function Wizard({ account, onDone }: { account: BankAccount; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [preview, setPreview] = useState<BankImportResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const runPreview = async (chosen: File, withMapping: Mapping | null) => {
    setBusy('preview');
    setError(null);
    try {
      let result = await importStatement(account.id, chosen, {
        mapping: withMapping,
        preview: true,
      });
      // A CSV without a mapping: the server's guess, previewed at once when it found all.
      if (result.needsMapping && result.csvMapping) {
        const guess = result.csvMapping as Mapping;
        setMapping(guess);
        if (result.csvMappingMissing.length === 0)
          result = await importStatement(account.id, chosen, { mapping: guess, preview: true });
      } else if (result.csvMapping && !withMapping) {
        setMapping(result.csvMapping as Mapping);
      }
      setPreview(result);
      setStep(1);
    } catch (caught) {
      setError(messageOf(caught) || 'The file could not be read');
    } finally {
      setBusy(null);
    }
  };

  const changeMapping = (next: Mapping) => {
    setMapping(next);
    if (file) void runPreview(file, next);
  };

  const runImport = async () => {
    if (!file) return;
    setBusy('import');
    setError(null);
    setProgress({ phase: 'upload', loaded: 0, total: file.size });
    try {
      const result = await importStatement(account.id, file, {
        mapping: preview?.format === 'csv' ? mapping : null,
        preview: false,
        onProgress: setProgress,
      });
      await utils.banking.invalidate();
      toastSuccess('Statement imported', countsText(result));
      setPreview(result);
      setStep(2);
    } catch (caught) {
      setError(messageOf(caught) || 'The statement could not be imported');
    } finally {
      setBusy(null);
      setProgress(null);
    }
  };

  const fileProblem =
    file && file.size > MAX_STATEMENT_BYTES ? 'The file is over 5 MB: split the statement' : null;

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="File" description="Choose a statement">
          <Stack gap="sm" mt="md">
            <FileInput
              label="Statement file"
              description="CSV, OFX/QFX, CAMT.053 (XML) or MT940; at most 5 MB"
              placeholder="Choose a file"
              accept={STATEMENT_ACCEPT}
              leftSection={<IconFileUpload size={18} />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setMapping(null);
                setPreview(null);
                setError(null);
              }}
              clearable
              error={fileProblem}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Preview" description="Check what comes in">
          {preview && (
            <PreviewStep
              preview={preview}
              mapping={mapping}
              busy={busy === 'preview'}
              onMapping={changeMapping}
              currency={account.currency}
            />
          )}
        </Stepper.Step>
        <Stepper.Completed>
          {preview && (
            <Alert color="teal" title="Statement imported" mt="md">
              {countsText(preview)}
            </Alert>
          )}
        </Stepper.Completed>
      </Stepper>

      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Not imported" role="alert">
          {error}
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        {step === 0 && (
          <>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button
              disabled={!file || fileProblem !== null}
              loading={busy === 'preview'}
              onClick={() => file && void runPreview(file, mapping)}
            >
              Preview
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Button
              variant="default"
              onClick={() => {
                setStep(0);
                setError(null);
              }}
              disabled={busy !== null}
            >
              Back
            </Button>
            <Button
              onClick={() => void runImport()}
              loading={busy === 'import'}
              disabled={busy === 'preview' || !preview || preview.needsMapping}
            >
              Import
            </Button>
          </>
        )}
        {step === 2 && <Button onClick={onDone}>Done</Button>}
      </Group>
      {busy === 'import' && progress && (
        <ImportProgressView progress={progress} count={preview?.imported ?? null} />
      )}
    </Stack>
  );
}

/** "1.2 MB", "340 KB", "900 bytes". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The import under way: the upload's bytes on a bar the browser measures, then the save,
 * which the server does in one transaction and reports only when done, so no bar pretends
 * to know how far it is: a spinner and how many lines the preview counted.
 */
function ImportProgressView({
  progress,
  count,
}: {
  progress: ImportProgress;
  count: number | null;
}) {
  if (progress.phase === 'upload') {
    const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
    return (
      <Stack gap={6}>
        <Text size="sm" id="import-upload-label">
          {`Uploading the file… ${sizeText(progress.loaded)} of ${sizeText(progress.total)}`}
        </Text>
        <Progress
          value={percent}
          size="md"
          aria-labelledby="import-upload-label"
          aria-valuetext={`${percent}%`}
        />
      </Stack>
    );
  }
  const lines =
    count === null
      ? 'Saving the transactions…'
      : `Saving ${count.toLocaleString('en-US')} ${count === 1 ? 'transaction' : 'transactions'}…`;
  return (
    <Group gap="xs" role="status" aria-live="polite" wrap="nowrap">
      <Loader size="sm" />
      <Text size="sm">{lines} This can take a little while for a long statement.</Text>
    </Group>
  );
}

function PreviewStep({
  preview,
  mapping,
  busy,
  onMapping,
  currency,
}: {
  preview: BankImportResult;
  mapping: Mapping | null;
  busy: boolean;
  onMapping: (mapping: Mapping) => void;
  currency: string;
}) {
  const rows = preview.transactions.slice(0, 8);
  return (
    <Stack gap="md" mt="md">
      {preview.format === 'csv' && mapping && preview.csvPreview && (
        <MappingFields
          mapping={mapping}
          headers={preview.csvPreview.headerRow}
          width={preview.csvPreview.sampleRows[0]?.length ?? 0}
          disabled={busy}
          onChange={onMapping}
        />
      )}
      {preview.needsMapping ? (
        <Alert color="yellow" title="Choose the columns">
          {`Keel could not find the ${preview.csvMappingMissing.join(' and ')} column: choose it above.`}
        </Alert>
      ) : (
        <Group gap="lg" aria-live="polite" data-testid="import-counts">
          <Text size="sm">
            <b>{preview.imported}</b> new
          </Text>
          <Text size="sm">
            <b>{preview.duplicates}</b> {preview.duplicates === 1 ? 'duplicate' : 'duplicates'}
          </Text>
          <Text size="sm">
            <b>{preview.rejected.length}</b> rejected
          </Text>
          {busy && <Loader size="xs" aria-label="Previewing" />}
        </Group>
      )}
      {preview.rejected.length > 0 && (
        <Alert color="orange" title="Lines not imported">
          <Stack gap={2}>
            {preview.rejected.slice(0, 10).map((line) => (
              <Text size="sm" key={`${line.line}-${line.reason}`}>
                {`Line ${line.line}: ${line.reason}`}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table striped aria-label="First transactions of the file">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Counterparty</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.line}-${row.dedupeKey}`}>
                  <Table.Td>{row.bookingDate}</Table.Td>
                  <Table.Td>{row.counterpartyName ?? ''}</Table.Td>
                  <Table.Td>
                    {row.remittance ?? row.reference ?? ''}
                    {row.duplicate && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (duplicate)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <SignedAmount amount={row.amount} currency={row.currency || currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!preview.needsMapping && preview.imported > 0 && (
        <Text size="sm" c="dimmed">
          {`In ${formatMoney(preview.totalIn, currency)}, out ${formatMoney(preview.totalOut.replace(/^-/, ''), currency)}`}
        </Text>
      )}
    </Stack>
  );
}

function MappingFields({
  mapping,
  headers,
  width,
  disabled,
  onChange,
}: {
  mapping: Mapping;
  headers: string[];
  width: number;
  disabled: boolean;
  onChange: (mapping: Mapping) => void;
}) {
  const hasHeader = mapping.hasHeader ?? headers.length > 0;
  const columns = hasHeader
    ? headers.filter((h) => h !== '').map((h) => ({ value: h, label: h }))
    : Array.from({ length: Math.max(width, headers.length) }, (_, i) => ({
        value: `#${i}`,
        label: `Column ${i + 1}`,
      }));
  const split = mapping.amountColumn === undefined;
  const set = (key: keyof CsvMapping, value: string | null) => {
    const next: Mapping = { ...mapping };
    const column = columnOf(value);
    if (column === undefined) delete next[key];
    else (next as Record<string, unknown>)[key] = column;
    onChange(next);
  };
  const columnSelect = (key: keyof CsvMapping, label: string, required = false) => (
    <Select
      key={key}
      label={label}
      data={columns}
      value={columnValue(mapping[key])}
      onChange={(value) => set(key, value)}
      clearable={!required}
      withAsterisk={required}
      disabled={disabled}
      placeholder="None"
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <Stack gap="sm" aria-label="Columns of the file" role="group">
      <Text fw={600} size="sm">
        Columns of the file
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {columnSelect('dateColumn', COLUMN_FIELDS[0][1], true)}
        <Select
          label="Date format"
          data={[...new Set([...CSV_DATE_FORMATS, mapping.dateFormat ?? 'dd.MM.yyyy'])]}
          value={mapping.dateFormat ?? null}
          onChange={(value) => value && onChange({ ...mapping, dateFormat: value })}
          allowDeselect={false}
          disabled={disabled}
          withAsterisk
        />
        <Select
          label="Decimal separator"
          data={[
            { value: '.', label: 'Point (1,234.56)' },
            { value: ',', label: 'Comma (1.234,56)' },
          ]}
          value={mapping.decimalSeparator ?? '.'}
          onChange={(value) =>
            value && onChange({ ...mapping, decimalSeparator: value as '.' | ',' })
          }
          allowDeselect={false}
          disabled={disabled}
        />
      </SimpleGrid>
      <SegmentedControl
        aria-label="Amounts"
        disabled={disabled}
        value={split ? 'split' : 'one'}
        onChange={(value) => {
          const next: Mapping = { ...mapping };
          if (value === 'one') {
            next.amountColumn = mapping.debitColumn ?? columns[0]?.value ?? 0;
            delete next.debitColumn;
            delete next.creditColumn;
          } else {
            delete next.amountColumn;
            delete next.directionColumn;
            next.debitColumn = columnOf(columns[0]?.value ?? '#0');
            next.creditColumn = columnOf(columns[1]?.value ?? '#1');
          }
          onChange(next);
        }}
        data={[
          { value: 'one', label: 'One amount column' },
          { value: 'split', label: 'Debit and credit columns' },
        ]}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {split ? (
          <>
            {columnSelect('debitColumn', 'Debit column (money out)', true)}
            {columnSelect('creditColumn', 'Credit column (money in)', true)}
          </>
        ) : (
          columnSelect('amountColumn', 'Amount column', true)
        )}
        {COLUMN_FIELDS.slice(1).map(([key, label]) => columnSelect(key, label))}
      </SimpleGrid>
    </Stack>
  );
}
