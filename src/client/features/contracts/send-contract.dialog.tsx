import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import type { z } from 'zod';
import type { Contract, ContractSendResultSchema } from '../../../shared/contracts.schema.ts';
import { CopyLinkField } from '../../components/copy-link-field.tsx';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { useContractMutations } from './use-contract-mutations.ts';

type SendResult = z.infer<typeof ContractSendResultSchema>;

/**
 * Send: an optional message, then (once the server has locked and sent it) the client's
 * portal link to copy, and whether it went by email.
 */
export function SendContractDialog({
  contract,
  opened,
  onClose,
}: {
  contract: Pick<Contract, 'id' | 'title' | 'clientName'>;
  opened: boolean;
  onClose: () => void;
}) {
  const mutations = useContractMutations();
  const [message, setMessage] = useState('');
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<SendResult | null>(null);
  const close = () => {
    if (pending) return;
    setMessage('');
    setResult(null);
    onClose();
  };

  return (
    <FormDialog
      opened={opened || result !== null}
      onClose={close}
      title={result ? 'Contract sent' : 'Send contract'}
    >
      {result ? (
        <Stack gap="md">
          <Alert
            color={result.emailed ? 'teal' : 'yellow'}
            icon={result.emailed ? <IconMailCheck size={18} /> : <IconMailOff size={18} />}
            title={result.emailed ? `Emailed to ${result.to}` : 'Not emailed'}
          >
            {result.message}
          </Alert>
          <CopyLinkField
            url={result.portalLink}
            label="Portal link"
            description="The client reads and signs the contract there, without an account."
            copyLabel="Copy portal link"
          />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <DialogForm
          onSubmit={async (event) => {
            event.preventDefault();
            setPending(true);
            const sent = await mutations.send(contract.id, message.trim() || undefined);
            setPending(false);
            if (sent) setResult(sent);
          }}
          pending={pending}
          submitLabel="Send contract"
          onCancel={close}
        >
          <Text size="sm">
            Sending “{contract.title}” to {contract.clientName} locks its text: a change then takes
            a new version. The client gets a link to read and sign it in their portal.
          </Text>
          <Textarea
            label="Message (optional)"
            description="Added to the email above the link."
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={5000}
            autosize
            minRows={3}
            data-autofocus
          />
        </DialogForm>
      )}
    </FormDialog>
  );
}
