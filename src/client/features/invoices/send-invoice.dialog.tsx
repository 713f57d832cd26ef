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
  EMAIL_PLACEHOLDERS,
  renderTemplate,
  type EmailPreview,
  type SendInvoiceResult,
} from '../../../shared/invoice-email.schema.ts';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { FormDialog } from '../../components/form-dialog.tsx';
import { withServerMessage } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import type { InvoiceDialogProps } from './invoice-dialog-props.ts';

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

function Composer({
  invoice,
  preview,
  onSent,
  onClose,
}: {
  invoice: Invoice;
  preview: EmailPreview;
  onSent: (result: SendInvoiceResult) => void;
  onClose: () => void;
}) {
  const [subject, setSubject] = useState(preview.template.subject);
  const [body, setBody] = useState(preview.template.body);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const send = trpc.invoiceEmails.send.useMutation({
    meta: {
      success: (result: SendInvoiceResult) =>
        result.mailConfigured
          ? ['Invoice sent', result.message]
          : [
              'Invoice email written to the server log',
              'Copy the portal link to send it yourself.',
            ],
      error: withServerMessage('Failed to send the invoice.'),
      invalidates: [trpc.invoices, trpc.invoiceEmails, trpc.dashboard, trpc.business],
    },
  });
  const draft = invoice.status === 'draft';
  const values = preview.values;

  const submit = async () => {
    const next: typeof errors = {};
    if (subject.trim() === '') next.subject = 'Subject is required';
    else if (/[\r\n]/.test(subject)) next.subject = 'Subject must be one line';
    if (body.trim() === '') next.body = 'Message is required';
    setErrors(next);
    if (next.subject || next.body) return;
    const result = await send.mutateAsync({ id: invoice.id, subject, body }).catch(() => undefined);
    if (result) onSent(result);
  };

  return (
    <Stack gap="md">
      {!preview.mailConfigured && (
        <Alert color="yellow" icon={<IconMailOff size={18} />} title="Email is not configured">
          {NOT_CONFIGURED_NOTICE}
        </Alert>
      )}
      {draft && (
        <Text size="sm">
          Sending issues this draft: it becomes invoice {values.number} and can no longer be edited.
        </Text>
      )}
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
        description={`Placeholders: ${EMAIL_PLACEHOLDERS.map((p) => `{${p.key}}`).join(', ')}. The PDF is attached.`}
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
            Attached: invoice-{values.number}.pdf. The portal link is a new one, made when the email
            is sent.
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
 * Send an invoice by email: To, Subject and Message prefilled from the workspace's
 * templates, a live preview of the text as the client gets it, and Send. Without SMTP_URL
 * it says so before sending, and afterwards offers the portal link to copy.
 */
export function SendInvoiceDialog({ invoice, opened, onClose }: InvoiceDialogProps) {
  const preview = trpc.invoiceEmails.preview.useMutation();
  const [result, setResult] = useState<SendInvoiceResult | null>(null);
  const { mutate, reset } = preview;
  useEffect(() => {
    if (opened) {
      setResult(null);
      mutate({ id: invoice.id });
    } else reset();
  }, [opened, invoice.id, mutate, reset]);

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={`Send invoice ${invoice.invoiceNumber ?? ''}`.trim()}
      size="lg"
    >
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
          key={invoice.id}
          invoice={invoice}
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
