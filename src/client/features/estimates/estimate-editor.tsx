import { Button } from '@mantine/core';
import { useMemo } from 'react';
import type { EstimateDetail } from '../../../shared/estimates.schema.ts';
import { DraftEditorForm } from '../invoices/draft-editor.form.tsx';
import { estimateEditorValues, toEstimateUpdate } from '../invoices/invoice-editor.schema.ts';
import { useEstimateMutations } from './use-estimate-mutations.ts';

/**
 * A draft estimate in the invoice editor's form; Send saves what is on screen first, then
 * opens the email (`onSend`).
 */
export function EstimateEditor({
  estimate,
  onSend,
}: {
  estimate: EstimateDetail;
  onSend: () => void;
}) {
  const mutations = useEstimateMutations();
  const values = useMemo(() => estimateEditorValues(estimate), [estimate]);
  return (
    <DraftEditorForm
      label="Edit draft estimate"
      values={values}
      save={(changed) => mutations.update(toEstimateUpdate(estimate.id, changed))}
      header={{
        issueDescription: 'Empty: the day it is sent',
        dueLabel: 'Valid until',
        dueDescription: 'Empty: 30 days after the issue date',
      }}
      documentName="estimate"
      actions={(afterSave, submitting) => (
        <Button onClick={afterSave(onSend)} loading={submitting}>
          Send estimate
        </Button>
      )}
    />
  );
}
