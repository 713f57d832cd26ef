import { Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Proposal } from '../../../shared/proposals.schema.ts';
import { DecisionDialog } from '../estimates/estimate-decision.dialog.tsx';
import { useProposalMutations, type FollowUpChoice } from './use-proposal-mutations.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';

interface ChoiceState {
  moveDealToWon: boolean;
  createProject: boolean;
  createContract: boolean;
  deposit: boolean;
  depositPercent: number | string;
}

const initialChoice = (proposal: Proposal): ChoiceState => ({
  moveDealToWon: proposal.dealId !== null,
  createProject: false,
  createContract: false,
  deposit: false,
  depositPercent: 30,
});

function toChoice(state: ChoiceState): FollowUpChoice | null {
  const percent = Number(state.depositPercent);
  if (state.deposit && !(percent > 0 && percent <= 100)) return null;
  return {
    moveDealToWon: state.moveDealToWon,
    createProject: state.createProject,
    createContract: state.createContract,
    depositPercent: state.deposit ? String(state.depositPercent) : null,
  };
}

/**
 * What to do once a proposal is accepted: move the deal, start a project, draft a contract
 * and a deposit.
 */
function FollowUpFields({
  proposal,
  value,
  onChange,
  error,
}: {
  proposal: Proposal;
  value: ChoiceState;
  onChange: (next: ChoiceState) => void;
  error?: string;
}) {
  return (
    <Stack gap="sm" role="group" aria-label="Follow-ups">
      <Text size="sm" fw={600}>
        Then
      </Text>
      <Checkbox
        label="Move the deal to Won"
        description={proposal.dealId === null ? 'This proposal is linked to no deal' : undefined}
        disabled={proposal.dealId === null}
        checked={value.moveDealToWon}
        onChange={(e) => onChange({ ...value, moveDealToWon: e.currentTarget.checked })}
      />
      <Checkbox
        label="Create a project"
        description="Named after the proposal, its amount as the budget"
        checked={value.createProject}
        onChange={(e) => onChange({ ...value, createProject: e.currentTarget.checked })}
      />
      <Checkbox
        label="Draft a contract"
        description={
          proposal.clientId === null
            ? 'Link the proposal to a billing client first (Edit)'
            : 'From the default contract template, the amount as its fee, to review and send'
        }
        disabled={proposal.clientId === null}
        checked={value.createContract}
        onChange={(e) => onChange({ ...value, createContract: e.currentTarget.checked })}
      />
      <Checkbox
        label="Draft a deposit invoice"
        description={
          proposal.clientId === null
            ? 'Link the proposal to a billing client first (Edit)'
            : 'A draft for the client, to review and send'
        }
        disabled={proposal.clientId === null}
        checked={value.deposit}
        onChange={(e) => onChange({ ...value, deposit: e.currentTarget.checked })}
      />
      {value.deposit && (
        <NumberInput
          label="Deposit percent"
          suffix=" %"
          min={1}
          max={100}
          decimalScale={2}
          w={180}
          value={value.depositPercent}
          onChange={(v) => onChange({ ...value, depositPercent: v })}
          error={error}
        />
      )}
    </Stack>
  );
}

/** The follow-ups chosen in a dialog, from the proposal's defaults until changed. */
function useFollowUps(proposal: Proposal | null) {
  const [choice, setChoice] = useState<ChoiceState | null>(null);
  const [error, setError] = useState<string | undefined>();
  const state = choice ?? (proposal ? initialChoice(proposal) : null);
  return {
    /** The choice to send, or null (and the message shown) for a percent out of range. */
    picked: () => {
      const picked = state && toChoice(state);
      if (!picked) setError('Enter a percent between 0 and 100');
      return picked;
    },
    /** Back to the defaults, for the next proposal the dialog opens on. */
    reset: () => {
      setChoice(null);
      setError(undefined);
    },
    fields: proposal && state && (
      <FollowUpFields
        proposal={proposal}
        value={state}
        onChange={(next) => {
          setChoice(next);
          setError(undefined);
        }}
        error={error}
      />
    ),
  };
}

/** Accept (with the typed name and the follow-ups) or decline a sent proposal in the app. */
export function ProposalDecisionDialog({
  proposal,
  decision,
  onClose,
}: {
  proposal: Proposal | null;
  decision: 'accept' | 'decline';
  onClose: () => void;
}) {
  const mutations = useProposalMutations();
  const followUps = useFollowUps(proposal);
  const close = () => {
    followUps.reset();
    onClose();
  };
  return (
    <DecisionDialog
      opened={proposal !== null}
      decision={decision}
      documentLabel={`“${proposal?.title ?? ''}”`}
      onClose={close}
      onConfirm={async ({ name, reason }) => {
        if (!proposal) return false;
        if (decision === 'decline') return mutations.decline(proposal, reason);
        const picked = followUps.picked();
        if (!picked) return false;
        const done = await mutations.accept(proposal, name, picked);
        if (done) followUps.reset();
        return done;
      }}
    >
      {decision === 'accept' && followUps.fields}
    </DecisionDialog>
  );
}

/** The follow-ups of a proposal accepted in the client portal, applied once. */
export function ProposalFollowUpsDialog({
  proposal,
  onClose,
}: {
  proposal: Proposal | null;
  onClose: () => void;
}) {
  const mutations = useProposalMutations();
  const followUps = useFollowUps(proposal);
  const [saving, setSaving] = useState(false);
  const close = () => {
    followUps.reset();
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const picked = proposal && followUps.picked();
    if (!proposal || !picked) return;
    setSaving(true);
    const done = await mutations.followUps(proposal, picked);
    setSaving(false);
    if (done) close();
  };
  return (
    <FormDialog opened={proposal !== null} onClose={close} title="Apply follow-ups">
      {proposal && (
        <DialogForm onSubmit={submit} pending={saving} submitLabel="Apply" onCancel={close}>
          <Text size="sm" c="dimmed">
            “{proposal.title}” was accepted. Choose what follows; this is done once.
          </Text>
          {followUps.fields}
        </DialogForm>
      )}
    </FormDialog>
  );
}
