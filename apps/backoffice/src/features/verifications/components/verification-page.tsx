import { Link, useParams } from 'react-router';
import { InlineDecision } from '../../../components/review-queue/decision';
import { formatWaiting } from '../../../components/review-queue/waiting';
import {
  Badge,
  ButtonLink,
  Card,
  ErrorView,
  formatDateTime,
  Loading,
  PageHeader,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { documentHref, useVerification } from '../api/get-verification';
import { verifications } from '../api/verifications';
import { paths } from '../paths';
import { stateLabels, stateTone } from './verifications-page';

/** One verification: the document (staff-only route), who and when, and the decision. */
export default function VerificationPage() {
  const { id = '' } = useParams();
  const verification = useVerification(id);
  const canReview = useCan('verifications.review');

  if (verification.isPending) return <Loading />;
  if (verification.isError) {
    return <ErrorView message={errorOf(verification.error).message} onRetry={() => verification.refetch()} />;
  }
  const v = verification.data;
  const document = v.document;
  return (
    <>
      <PageHeader title="Verification" actions={<Link to={paths.list}>Back to the queue</Link>}>
        <p>
          <Badge tone={stateTone[v.state]}>{stateLabels[v.state]}</Badge>
        </p>
      </PageHeader>
      <div
        style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))' }}
      >
        <Card title="Document">
          {!document ? (
            <p className="empty">The provider keeps this document; it is not stored here.</p>
          ) : document.type === 'application/pdf' ? (
            <p>
              <ButtonLink href={documentHref(v.id)} download={document.name}>
                Download {document.name}
              </ButtonLink>
            </p>
          ) : (
            <img
              src={documentHref(v.id)}
              alt={`Identity document ${document.name}`}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
          )}
          {document ? (
            <p className="field-hint">
              {document.name} · {document.type} · {(document.size / 1024).toFixed(0)} KB
            </p>
          ) : null}
        </Card>
        <Card title="Details">
          <dl className="facts">
            <dt>Player</dt>
            <dd>
              {v.player.email ?? v.player.username ?? '—'} <span className="field-hint">{v.player.id}</span>
            </dd>
            <dt>Handed in</dt>
            <dd>
              {formatDateTime(v.submittedAt)}
              {v.state === 'PENDING' ? ` (waiting ${formatWaiting(v.waitingSeconds)})` : ''}
            </dd>
            <dt>Provider</dt>
            <dd>{v.provider}</dd>
            {v.state !== 'PENDING' ? (
              <>
                <dt>Decided by</dt>
                <dd>{v.reviewedBy ? (v.reviewedBy.email ?? v.reviewedBy.id) : 'the provider'}</dd>
                <dt>Decided</dt>
                <dd>{formatDateTime(v.reviewedAt)}</dd>
                {v.reason ? (
                  <>
                    <dt>Reason</dt>
                    <dd>{v.reason}</dd>
                  </>
                ) : null}
              </>
            ) : null}
          </dl>
        </Card>
      </div>
      {v.state === 'PENDING' && canReview ? (
        <Card title="Decision">
          <InlineDecision
            endpoint={verifications}
            id={v.id}
            refusal={{
              label: 'Decline',
              hint: 'The player is told this reason and may hand in a new document.',
            }}
          />
        </Card>
      ) : null}
    </>
  );
}
