import { Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Proposal } from '../../../shared/proposals.schema.ts';
import { DecisionDialog } from '../estimates/estimate-decision.dialog.tsx';
import { useProposalMutations, type FollowUpChoice } from './use-proposal-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

interface ChoiceState {
  moveDealToWon: boolean;
  createProject: boolean;
  deposit: boolean;
  depositPercent: number | string;
}

const initialChoice = (proposal: Proposal): ChoiceState => ({
  moveDealToWon: proposal.dealId !== null,
  createProject: false,
  deposit: false,
  depositPercent: 30,
});

function toChoice(state: ChoiceState): FollowUpChoice | null {
  const percent = Number(state.depositPercent);
  if (state.deposit && !(percent > 0 && percent <= 100)) return null;
  return {
    moveDealToWon: state.moveDealToWon,
    createProject: state.createProject,
    depositPercent: state.deposit ? String(state.depositPercent) : null,
  };
}

/** What to do once a proposal is accepted: move the deal, start a project, draft a deposit. */
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
  const [choice, setChoice] = useState<ChoiceState | null>(null);
  const [error, setError] = useState<string | undefined>();
  const state = choice ?? (proposal ? initialChoice(proposal) : null);
  const close = () => {
    setChoice(null);
    setError(undefined);
    onClose();
  };
  return (
    <DecisionDialog
      opened={proposal !== null}
      decision={decision}
      documentLabel={`“${proposal?.title ?? ''}”`}
      onClose={close}
      onConfirm={async ({ name, reason }) => {
        if (!proposal || !state) return false;
        if (decision === 'decline') return mutations.decline(proposal, reason);
        const picked = toChoice(state);
        if (!picked) {
          setError('Enter a percent between 0 and 100');
          return false;
        }
        const done = await mutations.accept(proposal, name, picked);
        if (done) setChoice(null);
        return done;
      }}
    >
      {decision === 'accept' && proposal && state && (
        <FollowUpFields
          proposal={proposal}
          value={state}
          onChange={(next) => {
            setChoice(next);
            setError(undefined);
          }}
          error={error}
        />
      )}
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
  const [choice, setChoice] = useState<ChoiceState | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const state = choice ?? (proposal ? initialChoice(proposal) : null);
  const close = () => {
    setChoice(null);
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!proposal || !state) return;
    const picked = toChoice(state);
    if (!picked) {
      setError('Enter a percent between 0 and 100');
      return;
    }
    setSaving(true);
    const done = await mutations.followUps(proposal, picked);
    setSaving(false);
    if (done) close();
  };
  return (
    <FormDialog opened={proposal !== null} onClose={close} title="Apply follow-ups">
      {proposal && state && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              “{proposal.title}” was accepted. Choose what follows; this is done once.
            </Text>
            <FollowUpFields
              proposal={proposal}
              value={state}
              onChange={(next) => {
                setChoice(next);
                setError(undefined);
              }}
              error={error}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Apply
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </FormDialog>
  );
}
