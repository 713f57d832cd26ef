import { formatMoney } from '../../../shared/money.ts';
import type { PortalEstimate } from '../../../shared/portal.schema.ts';
import type { AnswerableSectionProps } from './portal-decision.dialog.tsx';
import {
  AmountAndActions,
  DecideButtons,
  DecisionLine,
  DocumentList,
  DocumentRow,
  ESTIMATE_STATUS,
  NumberedHeading,
  PdfButton,
  statusLook,
} from './portal-document.tsx';

/** The client's issued estimates, each with its PDF and, while open, Accept and Decline. */
export function PortalEstimatesSection({
  token,
  documents,
  onDecide,
}: AnswerableSectionProps<PortalEstimate>) {
  return (
    <DocumentList title="Estimates" empty={null}>
      {documents.map((estimate) => {
        const name = `estimate ${estimate.estimateNumber ?? ''}`.trim();
        return (
          <DocumentRow key={estimate.id}>
            <NumberedHeading
              number={estimate.estimateNumber}
              status={statusLook(ESTIMATE_STATUS, estimate.status)}
              issueDate={estimate.issueDate}
              also={{ label: 'Valid until', date: estimate.validUntil }}
            >
              {estimate.decision && <DecisionLine decision={estimate.decision} />}
            </NumberedHeading>
            <AmountAndActions amount={formatMoney(estimate.total, estimate.currency)}>
              <PdfButton
                href={`/api/portal/${token}/estimates/${estimate.id}/pdf`}
                label={`Download ${name} as PDF`}
              />
              {estimate.decidable && (
                <DecideButtons
                  what={name}
                  onDecide={(decision) =>
                    onDecide({
                      kind: 'estimate',
                      id: estimate.id,
                      title: `Estimate ${estimate.estimateNumber ?? ''}`.trim(),
                      decision,
                    })
                  }
                />
              )}
            </AmountAndActions>
          </DocumentRow>
        );
      })}
    </DocumentList>
  );
}
