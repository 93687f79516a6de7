import type { ReactNode } from 'react';
import { errorOf } from '../lib/api';
import { ReasonForm } from './reason-form';
import { Button } from './ui';

interface Approval {
  /** What approving does, said before the button. */
  note: string;
  busy: boolean;
  error: unknown;
  onApprove: () => void;
}
interface Refusal {
  /** The refusing button's name ('Decline', 'Reject'). */
  label: string;
  hint: string;
  busy: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
}

/** A review decision in a dialog: what is decided on, then Approve, or a refusal with its reason. */
export function Decision({
  summary,
  decision,
  approval,
  refusal,
}: {
  summary: ReactNode;
  decision: 'approve' | 'refuse';
  approval: Approval;
  refusal: Refusal;
}) {
  if (decision === 'approve') {
    return (
      <div>
        {summary}
        <p>{approval.note}</p>
        {approval.error ? (
          <p className="field-error" role="alert">
            {errorOf(approval.error).message}
          </p>
        ) : null}
        <Button busy={approval.busy} onClick={approval.onApprove}>
          Approve
        </Button>
      </div>
    );
  }
  return (
    <div>
      {summary}
      <ReasonForm
        submitLabel={refusal.label}
        hint={refusal.hint}
        busy={refusal.busy}
        error={refusal.error}
        onSubmit={({ reason }) => refusal.onSubmit(reason)}
      />
    </div>
  );
}
