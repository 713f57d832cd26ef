import {
  Alert,
  Button,
  Chip,
  Fieldset,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  CONTRACT_PLACEHOLDERS,
  EMAIL_PLACEHOLDERS,
  ESTIMATE_PLACEHOLDERS,
  CREDIT_NOTE_PLACEHOLDERS,
  reminderLabel,
  type EmailTemplates,
} from '../../../shared/invoice-email.schema.ts';
import { QueryData } from '../../components/query-state.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useCanManageBusiness } from '../../components/use-can-bill.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

type Field = keyof EmailTemplates;
const FIELDS: { key: Field; label: string; multiline: boolean }[] = [
  { key: 'invoiceSubject', label: 'Invoice email subject', multiline: false },
  { key: 'invoiceBody', label: 'Invoice email message', multiline: true },
  { key: 'reminderSubject', label: 'Reminder subject', multiline: false },
  { key: 'reminderBody', label: 'Reminder message', multiline: true },
  { key: 'estimateSubject', label: 'Estimate email subject', multiline: false },
  { key: 'estimateBody', label: 'Estimate email message', multiline: true },
  { key: 'contractSubject', label: 'Contract email subject', multiline: false },
  { key: 'contractBody', label: 'Contract email message', multiline: true },
  { key: 'creditNoteSubject', label: 'Credit note email subject', multiline: false },
  { key: 'creditNoteBody', label: 'Credit note email message', multiline: true },
];

/**
 * Invoices and reminders share their placeholders; an estimate's differ (valid until), and
 * a contract's (its title, fingerprint and the message written when sending).
 */
const PLACEHOLDER_GROUPS = [
  { title: 'Placeholders of invoice emails and reminders', list: EMAIL_PLACEHOLDERS },
  { title: 'Placeholders of estimate emails', list: ESTIMATE_PLACEHOLDERS },
  { title: 'Placeholders of contract emails', list: CONTRACT_PLACEHOLDERS },
  { title: 'Placeholders of credit note emails', list: CREDIT_NOTE_PLACEHOLDERS },
];

function TemplatesForm({ saved, canEdit }: { saved: EmailTemplates; canEdit: boolean }) {
  const utils = trpc.useUtils();
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => setValues(saved), [saved]);
  const save = trpc.invoiceEmails.updateTemplates.useMutation({
    meta: {
      success: [
        'Email templates saved',
        'New invoice, reminder, estimate, contract and credit note emails use them.',
      ],
      error: withServerMessage('Failed to save the email templates.'),
    },
  });
  const dirty = FIELDS.some(({ key }) => values[key] !== saved[key]);

  const submit = async () => {
    const next: typeof errors = {};
    for (const { key, label, multiline } of FIELDS) {
      if (values[key].trim() === '') next[key] = `${label} is required`;
      else if (!multiline && /[\r\n]/.test(values[key])) next[key] = `${label} must be one line`;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const result = await save.mutateAsync(values).catch(() => undefined);
    if (result) utils.invoiceEmails.templates.setData(undefined, result);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Fieldset variant="unstyled" disabled={!canEdit || save.isPending}>
        <Stack gap="md">
          {FIELDS.map(({ key, label, multiline }) => {
            const props = {
              label,
              withAsterisk: true,
              value: values[key],
              error: errors[key],
              onChange: (
                event: React.ChangeEvent<HTMLInputElement> | React.ChangeEvent<HTMLTextAreaElement>,
              ) => {
                const value = event.currentTarget.value;
                setValues((v) => ({ ...v, [key]: value }));
                setErrors((e) => ({ ...e, [key]: undefined }));
              },
            };
            return multiline ? (
              <Textarea key={key} autosize minRows={5} maxRows={14} {...props} />
            ) : (
              <TextInput key={key} {...props} />
            );
          })}
          {PLACEHOLDER_GROUPS.map(({ title, list }) => (
            <Stack key={title} gap={2}>
              <Text size="sm" fw={500}>
                {title}
              </Text>
              {list.map((p) => (
                <Text key={p.key} size="sm" c="dimmed">
                  <Text span ff="monospace" size="sm" c="var(--mantine-color-text)">
                    {`{${p.key}}`}
                  </Text>{' '}
                  {p.label}
                </Text>
              ))}
            </Stack>
          ))}
          {canEdit && (
            <Group justify="flex-end">
              <Button
                variant="default"
                disabled={!dirty}
                onClick={() => {
                  setValues(saved);
                  setErrors({});
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!dirty}>
                Save templates
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}

const PRESET_OFFSETS = [-7, -3, -1, 0, 1, 3, 7, 14, 30, 60];

function ScheduleForm({
  saved,
  canEdit,
}: {
  saved: { enabled: boolean; offsets: number[] };
  canEdit: boolean;
}) {
  const utils = trpc.useUtils();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [offsets, setOffsets] = useState(saved.offsets.map(String));
  useEffect(() => {
    setEnabled(saved.enabled);
    setOffsets(saved.offsets.map(String));
  }, [saved]);
  const save = trpc.invoiceEmails.updateSchedule.useMutation({
    meta: {
      success: (schedule: { enabled: boolean }) => [
        'Reminder schedule saved',
        schedule.enabled
          ? 'Unpaid invoices get their reminders on these days.'
          : 'Payment reminders are off.',
      ],
      error: withServerMessage('Failed to save the reminder schedule.'),
      invalidates: [trpc.invoiceEmails.reminders],
    },
  });
  const options = [...new Set([...PRESET_OFFSETS, ...saved.offsets])].sort((a, b) => a - b);
  const chosen = offsets.map(Number).sort((a, b) => a - b);
  const dirty = enabled !== saved.enabled || chosen.join() !== saved.offsets.join();
  const empty = enabled && chosen.length === 0;

  const submit = async () => {
    const result = await save.mutateAsync({ enabled, offsets: chosen }).catch(() => undefined);
    if (result) utils.invoiceEmails.schedule.setData(undefined, result);
  };

  return (
    <Fieldset variant="unstyled" disabled={!canEdit || save.isPending}>
      <Stack gap="md">
        <Switch
          label="Send payment reminders"
          description="To the client's billing email, for sent, viewed and overdue invoices with a balance. They stop when the invoice is paid or voided."
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="reminder-days">
            When
          </Text>
          <Chip.Group multiple value={offsets} onChange={setOffsets}>
            <Group gap="xs" role="group" aria-labelledby="reminder-days">
              {options.map((offset) => (
                <Chip key={offset} value={String(offset)} size="sm" variant="outline">
                  {reminderLabel(offset)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {empty && (
            <Text size="sm" c="red">
              Choose at least one day, or turn reminders off
            </Text>
          )}
        </Stack>
        <Text size="sm" c="dimmed">
          Each reminder goes once per invoice, from 9:00 on its day in your business time zone.
          Reminders dated before you turn them on, or before an invoice was issued, are not sent;
          after a pause only the latest due one goes.
        </Text>
        {canEdit && (
          <Group justify="flex-end">
            <Button
              loading={save.isPending}
              disabled={!dirty || empty}
              onClick={() => void submit()}
            >
              Save schedule
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

/**
 * /settings → Email: the workspace's invoice and reminder templates, and the payment
 * reminder schedule, saved on the server. Read-only for roles that may not change them.
 */
export function EmailSettingsTab() {
  const canEdit = useCanManageBusiness();
  const templates = trpc.invoiceEmails.templates.useQuery();
  const schedule = trpc.invoiceEmails.schedule.useQuery();
  return (
    <Stack gap="lg">
      {!canEdit && (
        <Alert color="gray">
          Owners, partners and administrators change the email templates and reminders.
        </Alert>
      )}
      <SectionCard
        headingOrder={3}
        title="Payment reminders"
        hint="Automatic reminders for unpaid invoices, relative to their due date."
      >
        <QueryData query={schedule} what="reminder schedule" loaderPy={24}>
          {(saved) => <ScheduleForm saved={saved} canEdit={canEdit} />}
        </QueryData>
      </SectionCard>
      <SectionCard
        headingOrder={3}
        title="Email templates"
        hint="What clients receive with an invoice, a reminder, an estimate and a credit note. Each email can still be edited before it is sent."
      >
        <QueryData query={templates} what="email templates" loaderPy={24}>
          {(saved) => <TemplatesForm saved={saved} canEdit={canEdit} />}
        </QueryData>
      </SectionCard>
    </Stack>
  );
}
