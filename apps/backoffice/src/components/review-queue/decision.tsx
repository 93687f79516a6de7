import type { ReactNode } from 'react';
import { errorOf } from '../../lib/api';
import { Button } from '../ui';
import { ReasonForm } from './reason-form';
import { type ReviewEndpoint, useApprove, useRefuse } from './review-api';

/** A queue's own words around a decision. */
export interface Refusal {
  /** The refusing button's name ('Decline', 'Reject'). */
  label: string;
  /** What becomes of the reason (who is told, what happens). */
  hint: string;
}

export type Verdict = 'approve' | 'refuse';

function ApproveError({ error }: { error: unknown }) {
  return error ? (
    <p className="field-error" role="alert">
      {errorOf(error).message}
    </p>
  ) : null;
}

/** A decision in a dialog: what is decided on, then Approve (after what it does), or the refusal's reason. */
export function Decision({
  endpoint,
  id,
  verdict,
  summary,
  approvalNote,
  refusal,
  onDone,
}: {
  endpoint: ReviewEndpoint;
  id: string;
  verdict: Verdict;
  summary: ReactNode;
  approvalNote: string;
  refusal: Refusal;
  onDone: () => void;
}) {
  const approve = useApprove(endpoint);
  const refuse = useRefuse(endpoint);
  if (verdict === 'approve') {
    return (
      <div>
        {summary}
        <p>{approvalNote}</p>
        <ApproveError error={approve.error} />
        <Button busy={approve.isPending} onClick={() => approve.mutate(id, { onSuccess: onDone })}>
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
        busy={refuse.isPending}
        error={refuse.error}
        onSubmit={({ reason }) => refuse.mutate({ id, reason }, { onSuccess: onDone })}
      />
    </div>
  );
}

/** On an item's own page: Approve and the refusal with its reason, both at hand. */
export function InlineDecision({
  endpoint,
  id,
  refusal,
}: {
  endpoint: ReviewEndpoint;
  id: string;
  refusal: Refusal;
}) {
  const approve = useApprove(endpoint);
  const refuse = useRefuse(endpoint);
  return (
    <>
      <p>
        <Button busy={approve.isPending} onClick={() => approve.mutate(id)}>
          Approve
        </Button>
      </p>
      <ApproveError error={approve.error} />
      <ReasonForm
        submitLabel={refusal.label}
        hint={refusal.hint}
        busy={refuse.isPending}
        error={refuse.error}
        onSubmit={({ reason }) => refuse.mutate({ id, reason })}
      />
    </>
  );
}
