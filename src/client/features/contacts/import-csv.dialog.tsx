import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileSpreadsheet,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { IMPORT_BATCH_SIZE, type ImportResult } from '../../../shared/import.schema.ts';
import { messageOf } from '../../trpc.ts';
import {
  assignField,
  guessMapping,
  importBatches,
  isBlankRecord,
  parseCsvRecords,
  type ColumnMapping,
  type ImportBatch,
  type ImportKind,
} from './import-mapping.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/** `importId` names the file to the server, which then never creates one of its rows twice. */
type ParsedFile = { name: string; records: string[][]; importId: string | undefined };
type Progress = { done: number; total: number };

const STEPS = ['Choose file', 'Map columns', 'Import'];
const DO_NOT_IMPORT = 'skip';
/** Long reports are cut in the dialog; the counts above them stay exact. */
const LISTED_ROWS = 200;
const number = new Intl.NumberFormat();

/**
 * The SHA-256 of the file's bytes: choosing the same file again, even after a reload, gives
 * the same id. Browsers offer it only to secure pages (HTTPS, localhost); elsewhere the
 * import goes without one, and the dialog does not promise what it cannot keep.
 */
async function fileDigest(file: File): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function columnHeaders(records: string[][], hasHeader: boolean): string[] {
  const width = records.reduce((max, record) => Math.max(max, record.length), 0);
  const first = records[0] ?? [];
  return Array.from({ length: width }, (_, index) => {
    const header = hasHeader ? first[index]?.replace(/^\uFEFF/, '').trim() : '';
    return header || `Column ${index + 1}`;
  });
}

/** Up to two example values of a column, from the first data rows that have one. */
function sampleOf(records: string[][], column: number): string {
  const values: string[] = [];
  for (const record of records) {
    const value = record[column]?.trim();
    if (value) values.push(value);
    if (values.length === 2) break;
  }
  return values.join(', ');
}

function RowReport({
  title,
  rows,
  color,
}: {
  title: string;
  rows: ImportResult['rejected'] | undefined;
  color: string;
}) {
  if (!rows || rows.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={180} type="auto">
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {rows.slice(0, LISTED_ROWS).map((entry) => (
              <Table.Tr key={entry.row}>
                <Table.Td w={90} c={color} style={{ whiteSpace: 'nowrap' }}>
                  Row {entry.row}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > LISTED_ROWS && (
        <Text size="xs" c="dimmed">
          …and {number.format(rows.length - LISTED_ROWS)} more rows
        </Text>
      )}
    </Stack>
  );
}

function Stat({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder p="sm" radius="md" ta="center">
      <Text fz={28} fw={700} c={color} lh={1.2} aria-label={`${value} ${label}`}>
        {number.format(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** What an import dialog says and does for one kind of row (contacts, organizations). */
export interface CsvImportDialogProps<F extends string, Row> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What one row becomes: `['contact', 'contacts']`. */
  noun: readonly [one: string, many: string];
  kind: ImportKind<F, Row>;
  /** Under "Drop a CSV file here": what a row is and which columns are recognised. */
  hint: string;
  /** Shown while the mapping lacks what `kind.mapsRequired` asks for. */
  required: string;
  /** The import's rules, said before it runs; `remembered` when the file has an id. */
  rules: (remembered: boolean) => ReactNode;
  /** After a failure: what importing the same file again does. */
  again: (remembered: boolean) => string;
  send: (batch: ImportBatch<Row> & { importId?: string }) => Promise<ImportResult>;
  /** Reads again what a run made stale, once, after its last batch. */
  onImported: () => Promise<unknown>;
}

/**
 * The CSV import wizard: choose a file (parsed in the browser), check which column fills
 * which field, then send the rows in batches with a progress bar and report what was
 * created, created with a value left out, skipped (rows this file already created,
 * duplicates) and rejected, by row number of the file.
 */
export function CsvImportDialog<F extends string, Row>({
  opened,
  onClose,
  title,
  noun,
  kind,
  hint,
  required,
  rules,
  again,
  send,
  onImported,
}: CsvImportDialogProps<F, Row>) {
  const phone = useMediaQuery('(max-width: 30em)');
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [hasHeader, setHasHeader] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping<F>>([]);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const running = progress !== null && progress.done < progress.total && !failure;
  const finished = result !== null && !running;
  const step = finished || running ? 2 : file ? 1 : 0;

  const headers = useMemo(
    () => (file ? columnHeaders(file.records, hasHeader) : []),
    [file, hasHeader],
  );
  const dataRecords = useMemo(
    () => (file ? file.records.slice(hasHeader ? 1 : 0) : []),
    [file, hasHeader],
  );
  const rowCount = useMemo(
    () => dataRecords.filter((record) => !isBlankRecord(record)).length,
    [dataRecords],
  );

  const reset = () => {
    setFile(null);
    setFileError(null);
    setHasHeader(true);
    setMapping([]);
    setProgress(null);
    setResult(null);
    setFailure(null);
  };

  const close = () => {
    if (running) return;
    onClose();
    reset();
  };

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    setFileError(null);
    try {
      const [records, importId] = await Promise.all([parseCsvRecords(chosen), fileDigest(chosen)]);
      if (records.length === 0) {
        setFileError('This file has no rows to import.');
        return;
      }
      setFile({ name: chosen.name, records, importId });
      setHasHeader(true);
      setMapping(guessMapping(kind, columnHeaders(records, true)));
    } catch {
      setFileError('This file could not be read as CSV.');
    }
  };

  const toggleHeader = (next: boolean) => {
    if (!file) return;
    setHasHeader(next);
    const width = columnHeaders(file.records, next).length;
    setMapping(
      next ? guessMapping(kind, columnHeaders(file.records, true)) : Array(width).fill(null),
    );
  };

  const run = async () => {
    if (!file) return;
    // Row numbers are those of the file: with a header row the first record is row 2.
    const batches = importBatches(kind, dataRecords, mapping, hasHeader ? 2 : 1, IMPORT_BATCH_SIZE);
    const total = batches.reduce((sum, batch) => sum + batch.rows.length, 0);
    let summary: ImportResult = { created: 0, skipped: [], rejected: [] };
    let done = 0;
    setFailure(null);
    setResult(summary);
    setProgress({ done, total });
    try {
      for (const batch of batches) {
        const answer = await send({ ...batch, importId: file.importId });
        summary = {
          created: summary.created + answer.created,
          skipped: [...summary.skipped, ...answer.skipped],
          rejected: [...summary.rejected, ...answer.rejected],
          warnings: [...(summary.warnings ?? []), ...(answer.warnings ?? [])],
        };
        done += batch.rows.length;
        setResult(summary);
        setProgress({ done, total });
      }
    } catch (error) {
      setFailure(messageOf(error) || 'The server did not answer.');
    } finally {
      // What the rows made, even after a partial import.
      if (summary.created > 0) await onImported();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files.item(0));
  };

  const fieldOptions = [
    { value: DO_NOT_IMPORT, label: "Don't import" },
    ...kind.fields.map((field) => ({ value: field.value, label: field.label })),
  ];

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      closeOnClickOutside={false}
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      <Stepper
        active={finished && !failure ? STEPS.length : step}
        size="sm"
        allowNextStepsSelect={false}
        mb={phone ? 'xs' : 'lg'}
      >
        {STEPS.map((label, index) => (
          // A phone has no room for three labels in a row: it names the current step below,
          // and a step's name starts with the number it shows. Elsewhere the number and the
          // label name it.
          <Stepper.Step
            key={label}
            label={phone ? undefined : label}
            aria-label={phone ? `${index + 1} of ${STEPS.length}: ${label}` : undefined}
          />
        ))}
      </Stepper>
      {phone && (
        <Text size="sm" fw={600} mb="md">
          Step {step + 1} of {STEPS.length}: {STEPS[step]}
        </Text>
      )}

      {step === 0 && (
        <Stack gap="md">
          <Paper
            withBorder
            p="xl"
            radius="md"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            style={{
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
            }}
          >
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={52} radius="xl" variant="light">
                <IconFileSpreadsheet size={28} stroke={1.5} />
              </ThemeIcon>
              <Text fw={600}>Drop a CSV file here</Text>
              <Text size="sm" c="dimmed" maw={420}>
                {hint}
              </Text>
              <FileButton onChange={(chosen) => void choose(chosen)} accept=".csv,text/csv">
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />}>
                    Choose CSV file
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Paper>
          {fileError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Cannot import">
              {fileError}
            </Alert>
          )}
        </Stack>
      )}

      {step === 1 && file && (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconFileSpreadsheet size={18} stroke={1.6} />
              <Text size="sm" fw={600} truncate="end">
                {file.name}
              </Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {number.format(rowCount)} {rowCount === 1 ? 'row' : 'rows'}
              </Text>
            </Group>
            <Checkbox
              label="First row contains column names"
              checked={hasHeader}
              onChange={(event) => toggleHeader(event.currentTarget.checked)}
            />
          </Group>
          <Table withTableBorder verticalSpacing="xs" layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Column in file</Table.Th>
                <Table.Th w={phone ? 150 : 220}>Import as</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {headers.map((header, column) => (
                <Table.Tr key={column}>
                  <Table.Td>
                    <Text size="sm" fw={500} truncate="end">
                      {header}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {sampleOf(dataRecords, column) || 'No values'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Import ${header} as`}
                      size="xs"
                      data={fieldOptions}
                      value={mapping[column] ?? DO_NOT_IMPORT}
                      allowDeselect={false}
                      onChange={(value) =>
                        setMapping((current) =>
                          assignField(
                            current,
                            column,
                            !value || value === DO_NOT_IMPORT ? null : (value as F),
                          ),
                        )
                      }
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {!kind.mapsRequired(mapping) && (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
              {required}
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            {rules(file.importId !== undefined)}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={reset}>
              Choose another file
            </Button>
            <Button
              onClick={() => void run()}
              disabled={!kind.mapsRequired(mapping) || rowCount === 0}
              leftSection={<IconUpload size={16} />}
            >
              Import {number.format(rowCount)} {rowCount === 1 ? noun[0] : noun[1]}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 2 && progress && result && (
        <Stack gap="md">
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {running ? 'Importing...' : failure ? 'Import stopped' : 'Import complete'}
              </Text>
              <Text size="sm" c="dimmed">
                {number.format(progress.done)} of {number.format(progress.total)} rows
              </Text>
            </Group>
            <Progress
              value={progress.total ? (progress.done / progress.total) * 100 : 100}
              animated={running}
              color={failure ? 'red' : undefined}
              size="lg"
              aria-label="Import progress"
            />
          </Stack>
          {failure && (
            <Alert color="red" icon={<IconX size={18} />} title="The import stopped">
              {failure} Rows up to {number.format(progress.done)} were processed;{' '}
              {again(file?.importId !== undefined)}
            </Alert>
          )}
          <SimpleGrid cols={3} spacing="sm">
            <Stat label="created" value={result.created} color="teal" />
            <Stat label="skipped" value={result.skipped.length} color="yellow.7" />
            <Stat label="rejected" value={result.rejected.length} color="red" />
          </SimpleGrid>
          {finished &&
            !failure &&
            result.rejected.length === 0 &&
            result.skipped.length === 0 &&
            !result.warnings?.length && (
              <Group gap="xs">
                <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" />
                <Text size="sm">Every row was imported.</Text>
              </Group>
            )}
          <RowReport title="Rejected rows" rows={result.rejected} color="red" />
          <RowReport
            title="Imported with a value left out"
            rows={result.warnings}
            color="orange.8"
          />
          <RowReport title="Skipped rows" rows={result.skipped} color="yellow.8" />
          {finished && (
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </Group>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
