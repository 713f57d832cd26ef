import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconMailOff, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  PLACEHOLDERS_OF,
  renderTemplate,
  type EmailDelivery,
  type EmailedDocument,
  type EmailPreview,
  type SendDocumentInput,
} from '../../../shared/invoice-email.schema.ts';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { withServerMessage, type MutationMeta, type ToastText } from '../../mutations.ts';
import { messageOf } from '../../trpc.ts';

export const NOT_CONFIGURED_NOTICE =
  'Email is not configured on this server: the email will be written to the server log. Copy the portal link to send it yourself.';

/** The portal link to pass on by hand, with a copy button. */
function PortalLinkField({ url }: { url: string }) {
  return (
    <CopyLinkField
      url={url}
      label="Portal link"
      description="A live link to this client's portal: send it to them yourself."
      copyLabel="Copy portal link"
    />
  );
}

/**
 * The toasts of a document's send mutation: what happened, in the words of the document
 * ("Invoice sent", or written to the server log when mail is not configured).
 */
export function sendEmailMeta(
  noun: 'Invoice' | 'Estimate' | 'Credit note',
  invalidates: NonNullable<MutationMeta['invalidates']>,
): MutationMeta {
  return {
    success: (result: EmailDelivery): ToastText =>
      result.mailConfigured
        ? [`${noun} sent`, result.message]
        : [`${noun} email written to the server log`, 'Copy the portal link to send it yourself.'],
    error: withServerMessage(`Failed to send the ${noun.toLowerCase()}.`),
    invalidates,
  };
}

/** What the dialog needs of a document's preview and send mutations (invoice or estimate). */
export interface EmailMutations {
  preview: {
    mutate: (input: { id: number }) => void;
    reset: () => void;
    data?: EmailPreview;
    isError: boolean;
    error: unknown;
  };
  send: { mutateAsync: (input: SendDocumentInput) => Promise<EmailDelivery>; isPending: boolean };
}

interface Sending {
  document: EmailedDocument;
  id: number;
  /** Said above the form: what sending does to a draft, with the number it takes. */
  draftNote: ((number: string) => string) | null;
  send: EmailMutations['send'];
}

function Composer({
  sending,
  preview,
  onSent,
  onClose,
}: {
  sending: Sending;
  preview: EmailPreview;
  onSent: (result: EmailDelivery) => void;
  onClose: () => void;
}) {
  const [subject, setSubject] = useState(preview.template.subject);
  const [body, setBody] = useState(preview.template.body);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const { send, document, draftNote } = sending;
  const values = preview.values;

  const submit = async () => {
    const next: typeof errors = {};
    if (subject.trim() === '') next.subject = 'Subject is required';
    else if (/[\r\n]/.test(subject)) next.subject = 'Subject must be one line';
    if (body.trim() === '') next.body = 'Message is required';
    setErrors(next);
    if (next.subject || next.body) return;
    const result = await send.mutateAsync({ id: sending.id, subject, body }).catch(() => undefined);
    if (result) onSent(result);
  };

  return (
    <Stack gap="md">
      {!preview.mailConfigured && (
        <Alert color="yellow" icon={<IconMailOff size={18} />} title="Email is not configured">
          {NOT_CONFIGURED_NOTICE}
        </Alert>
      )}
      {draftNote && <Text size="sm">{draftNote(values.number ?? '')}</Text>}
      {preview.to === '' ? (
        <Alert color="red" title="No billing email">
          This client has no billing email: add one on the client&apos;s page before sending.
        </Alert>
      ) : (
        <TextInput
          label="To"
          description="The client's billing email (change it on the client's page)"
          value={preview.to}
          readOnly
        />
      )}
      <TextInput
        label="Subject"
        withAsterisk
        value={subject}
        error={errors.subject}
        onChange={(event) => {
          setSubject(event.currentTarget.value);
          setErrors((e) => ({ ...e, subject: undefined }));
        }}
      />
      <Textarea
        label="Message"
        withAsterisk
        autosize
        minRows={6}
        maxRows={14}
        value={body}
        error={errors.body}
        description={`Placeholders: ${PLACEHOLDERS_OF[document].map((p) => `{${p.key}}`).join(', ')}. The PDF is attached.`}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setErrors((e) => ({ ...e, body: undefined }));
        }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="send-invoice-preview">
          Preview
        </Text>
        <Paper
          withBorder
          p="sm"
          radius="md"
          bg="var(--mantine-color-body)"
          aria-labelledby="send-invoice-preview"
          role="region"
        >
          <Text size="sm" fw={600} mb="xs" style={{ overflowWrap: 'anywhere' }}>
            {renderTemplate(subject, values)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {renderTemplate(body, values)}
          </Text>
          <Text size="xs" c="dimmed" mt="xs">
            Attached: {document}-{values.number}.pdf. The portal link is a new one, made when the
            email is sent.
          </Text>
        </Paper>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button
          leftSection={<IconSend size={16} />}
          loading={send.isPending}
          disabled={preview.to === ''}
          onClick={() => void submit()}
        >
          {preview.mailConfigured ? 'Send' : 'Send to the server log'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Send a document (an invoice, an estimate) by email: To, Subject and Message prefilled
 * from the workspace's template for it, a live preview of the text as the client gets it,
 * and Send. Without SMTP_URL it says so before sending, and afterwards offers the portal
 * link to copy.
 */
export function SendEmailDialog({
  title,
  opened,
  onClose,
  mutations: { preview, send },
  ...sending
}: Omit<Sending, 'send'> & {
  title: string;
  opened: boolean;
  onClose: () => void;
  mutations: EmailMutations;
}) {
  const [result, setResult] = useState<EmailDelivery | null>(null);
  const { mutate, reset } = preview;
  const { id } = sending;
  useEffect(() => {
    if (opened) {
      setResult(null);
      mutate({ id });
    } else reset();
  }, [opened, id, mutate, reset]);

  return (
    <FormDialog opened={opened} onClose={onClose} title={title} size="lg">
      {result ? (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconMailOff size={18} />} title="Not emailed">
            {result.message}
          </Alert>
          {result.portalLink && <PortalLinkField url={result.portalLink} />}
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : preview.isError ? (
        <Alert color="red" title="The email could not be prepared">
          {messageOf(preview.error) || 'Please try again.'}
        </Alert>
      ) : preview.data ? (
        <Composer
          key={id}
          sending={{ ...sending, send }}
          preview={preview.data}
          onClose={onClose}
          onSent={(sent) => {
            if (sent.mailConfigured) onClose();
            else setResult(sent);
          }}
        />
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Preparing the email" />
        </Group>
      )}
    </FormDialog>
  );
}
