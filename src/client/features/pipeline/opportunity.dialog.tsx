import { Modal } from '@mantine/core';
import { useState } from 'react';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { OpportunityForm } from './opportunity-form.tsx';
import { useLeadMutations } from './use-lead-mutations.ts';
import { FormDialog } from '../../components/form-dialog.tsx';

/**
 * Add New Opportunity (no `lead`) and Edit Opportunity, the latter with a delete button
 * and its confirmation stacked on top. Full screen on a phone.
 */
export function OpportunityDialog({
  opened,
  lead,
  stages,
  onClose,
}: {
  opened: boolean;
  lead: Lead | null;
  stages: readonly Stage[];
  onClose: () => void;
}) {
  const { remove } = useLeadMutations();
  const [confirming, setConfirming] = useState(false);

  return (
    <Modal.Stack>
      <FormDialog
        stackId="opportunity"
        opened={opened}
        onClose={onClose}
        title={lead ? 'Edit Opportunity' : 'Add New Opportunity'}
        size="lg"
      >
        {/* The modal unmounts its content once closed: each opening starts a fresh form. */}
        <OpportunityForm
          key={lead?.id ?? 'new'}
          lead={lead}
          stages={stages}
          onSaved={onClose}
          onCancel={onClose}
          onDelete={lead ? () => setConfirming(true) : undefined}
        />
      </FormDialog>
      {lead && (
        <ConfirmDeleteDialog
          stackId="delete-opportunity"
          opened={opened && confirming}
          title="Delete Opportunity"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            const deleted = await remove(lead);
            if (deleted) onClose();
            return deleted;
          }}
          closeWhenRefused
        >
          {`Are you sure you want to delete "${lead.dealName}"? This action cannot be undone.`}
        </ConfirmDeleteDialog>
      )}
    </Modal.Stack>
  );
}
