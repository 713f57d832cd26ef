import { Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import type { Answer } from './portal-document.tsx';

/** The document the client is answering, and how. */
export interface Deciding {
  kind: 'estimate' | 'proposal';
  id: number;
  title: string;
  decision: Answer;
}

/** What a section of documents the client answers takes: they open this dialog. */
export interface AnswerableSectionProps<T> {
  token: string;
  documents: T[];
  onDecide: (deciding: Deciding) => void;
}

/** Accept or decline: the client types their name, which the record keeps. */
export function PortalDecisionDialog({
  token,
  deciding,
  onClose,
}: {
  token: string;
  deciding: Deciding | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const meta = {
    error: withServerMessage('Your answer could not be recorded.'),
    invalidates: [trpc.portal.view],
  };
  const calls = {
    estimate: {
      accepted: trpc.portal.acceptEstimate.useMutation({
        meta: { ...meta, success: 'Estimate accepted' },
      }),
      declined: trpc.portal.declineEstimate.useMutation({
        meta: { ...meta, success: 'Estimate declined' },
      }),
    },
    proposal: {
      accepted: trpc.portal.acceptProposal.useMutation({
        meta: { ...meta, success: 'Proposal accepted' },
      }),
      declined: trpc.portal.declineProposal.useMutation({
        meta: { ...meta, success: 'Proposal declined' },
      }),
    },
  };
  const pending = [calls.estimate, calls.proposal].some(
    (kind) => kind.accepted.isPending || kind.declined.isPending,
  );
  const accepting = deciding?.decision === 'accepted';

  const reset = () => {
    setName('');
    setReason('');
    setError(null);
  };
  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };

  const submit = async () => {
    if (!deciding) return;
    if (name.trim() === '') {
      setError('Type your full name');
      return;
    }
    const input = { token, id: deciding.id, name: name.trim() };
    const kind = calls[deciding.kind];
    const call = accepting
      ? kind.accepted.mutateAsync(input)
      : kind.declined.mutateAsync({ ...input, reason: reason.trim() || null });
    if ((await succeeded(call)) !== undefined) {
      reset();
      onClose();
    }
  };

  return (
    <FormDialog
      opened={deciding !== null}
      onClose={close}
      title={deciding ? `${accepting ? 'Accept' : 'Decline'} ${deciding.title}` : ''}
    >
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        pending={pending}
        submitLabel={accepting ? 'Accept' : 'Decline'}
        danger={!accepting}
        onCancel={close}
      >
        <Text size="sm">
          {accepting
            ? 'By typing your name you accept this document as it stands. The time, your name and a fingerprint of the document are recorded.'
            : 'Let them know you decline. Your name and the time are recorded.'}
        </Text>
        <TextInput
          label="Your full name"
          required
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={200}
          autoComplete="name"
          data-autofocus
        />
        {!accepting && (
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
          />
        )}
      </DialogForm>
    </FormDialog>
  );
}
