import { Table } from '@mantine/core';
import {
  decideFactorRemovalBodySchema,
  endSessionsBodySchema,
  type FactorRemoval,
  requestFactorRemovalBodySchema,
  type StaffLiveSession,
} from '@paws/contracts/staff-factors';
import { useState } from 'react';
import { ReasonDialog } from '../../../components/reason-dialog';
import { Badge, Button, Card, ErrorView, formatDateTime, Loading, ScrollTable } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan, useMe } from '../../../lib/session';
import {
  useDecideFactorRemoval,
  useEndSessions,
  useLiveSessions,
  usePlayerFactors,
  useRequestFactorRemoval,
} from '../api/security';

const deviceOf = (s: StaffLiveSession) =>
  [s.browser ?? 'Unknown browser', s.system ? `on ${s.system}` : null].filter(Boolean).join(' ');
const who = (email: string | null, id: string | null) => email ?? id ?? '—';

/**
 * The player's live sessions (support ends one or all, with a reason) and sign-in factors (never their
 * secrets), with the four-eyes request to turn the authenticator app off.
 */
export function SecuritySection({ playerId }: { playerId: string }) {
  return (
    <div className="cards">
      <LiveSessionsCard playerId={playerId} />
      <FactorsCard playerId={playerId} />
    </div>
  );
}

function LiveSessionsCard({ playerId }: { playerId: string }) {
  const live = useLiveSessions(playerId);
  const end = useEndSessions(playerId);
  const canEnd = useCan('players.signout');
  // null: all sessions; a session: that one.
  const [ending, setEnding] = useState<StaffLiveSession | null | undefined>(undefined);
  const [done, setDone] = useState<string | null>(null);
  const items = live.data?.items ?? [];

  return (
    <Card
      title="Signed-in sessions"
      wide
      actions={
        canEnd && items.length > 0 ? (
          <Button variant="danger" onClick={() => setEnding(null)}>
            End all sessions
          </Button>
        ) : null
      }
    >
      {done ? (
        <p role="status" className="field-hint">
          {done}
        </p>
      ) : null}
      {live.isPending ? (
        <Loading />
      ) : live.isError ? (
        <ErrorView message={errorOf(live.error).message} onRetry={() => live.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty">Not signed in anywhere.</p>
      ) : (
        <ScrollTable label="Signed-in sessions">
          <Table aria-label="Signed-in sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Device</Table.Th>
                <Table.Th scope="col">Address</Table.Th>
                <Table.Th scope="col">Signed in</Table.Th>
                <Table.Th scope="col">Last active</Table.Th>
                {canEnd ? <Table.Th scope="col">Action</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((session) => (
                <Table.Tr key={session.sessionId}>
                  <Table.Td>{deviceOf(session)}</Table.Td>
                  <Table.Td>{session.ip ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(session.signedInAt)}</Table.Td>
                  <Table.Td>{formatDateTime(session.lastActiveAt)}</Table.Td>
                  {canEnd ? (
                    <Table.Td>
                      <Button
                        variant="secondary"
                        aria-label={`End session: ${deviceOf(session)}`}
                        onClick={() => setEnding(session)}
                      >
                        End session
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <ReasonDialog
        title={ending === null ? 'End all sessions?' : 'End this session?'}
        open={ending !== undefined}
        onClose={() => setEnding(undefined)}
        confirmLabel={ending === null ? 'End all sessions' : 'End session'}
        variant="danger"
        schema={endSessionsBodySchema}
        onConfirm={async (reason) => {
          const result = await end.mutateAsync({ sessionId: ending?.sessionId ?? null, reason });
          setDone(result.ended === 1 ? 'One session was ended.' : `${result.ended} sessions were ended.`);
        }}
      >
        <p>
          {ending
            ? `${deviceOf(ending)} (${ending.ip ?? 'no address'}) is signed out on its next request; its open connections close at once.`
            : 'The player is signed out on every device on its next request; open connections close at once.'}
        </p>
      </ReasonDialog>
    </Card>
  );
}

const statusTone = { PENDING: 'info', APPROVED: 'good', REJECTED: 'bad' } as const;
const statusLabel = { PENDING: 'Waiting for approval', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;

function FactorsCard({ playerId }: { playerId: string }) {
  const factors = usePlayerFactors(playerId);
  const request = useRequestFactorRemoval(playerId);
  const decide = useDecideFactorRemoval(playerId);
  const me = useMe();
  const canRequest = useCan('players.factors.request');
  const canApprove = useCan('players.factors.approve');
  const [asking, setAsking] = useState(false);
  const [deciding, setDeciding] = useState<{ request: FactorRemoval; decision: 'approve' | 'reject' } | null>(
    null,
  );

  if (factors.isPending)
    return (
      <Card title="Sign-in factors" wide>
        <Loading />
      </Card>
    );
  if (factors.isError)
    return (
      <Card title="Sign-in factors" wide>
        <ErrorView message={errorOf(factors.error).message} onRetry={() => factors.refetch()} />
      </Card>
    );
  const { totp, removals } = factors.data;
  const pending = removals.find((r) => r.status === 'PENDING');

  return (
    <Card
      title="Sign-in factors"
      wide
      actions={
        canRequest && totp.enabled && !pending ? (
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Request two-step removal
          </Button>
        ) : null
      }
    >
      <dl className="facts">
        <dt>Password</dt>
        <dd>{factors.data.password ? 'Set' : 'None'}</dd>
        <dt>Authenticator app</dt>
        <dd>
          {totp.enabled ? (
            <>
              <Badge tone="good">On</Badge> since {formatDateTime(totp.enabledAt)}
            </>
          ) : (
            <Badge tone="neutral">Off</Badge>
          )}
        </dd>
        <dt>Recovery codes left</dt>
        <dd>{totp.enabled ? totp.recoveryCodesLeft : '—'}</dd>
      </dl>
      {pending ? (
        <div role="status">
          <p>
            <Badge tone="info">Waiting for approval</Badge> Removal of two-step sign-in asked by{' '}
            {who(pending.requestedByEmail, pending.requestedBy)} on {formatDateTime(pending.requestedAt)}:{' '}
            {pending.reason}
          </p>
          {canApprove && pending.requestedBy !== me.data?.userId ? (
            <div className="row">
              <Button variant="danger" onClick={() => setDeciding({ request: pending, decision: 'approve' })}>
                Approve removal
              </Button>
              <Button
                variant="secondary"
                onClick={() => setDeciding({ request: pending, decision: 'reject' })}
              >
                Reject
              </Button>
            </div>
          ) : pending.requestedBy === me.data?.userId ? (
            <p className="field-hint">Yours: another staff member must approve or reject it.</p>
          ) : null}
        </div>
      ) : null}
      {removals.filter((r) => r.status !== 'PENDING').length > 0 ? (
        <ScrollTable label="Earlier removal requests">
          <Table aria-label="Earlier removal requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Asked</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {removals
                .filter((r) => r.status !== 'PENDING')
                .map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{formatDateTime(r.requestedAt)}</Table.Td>
                    <Table.Td>{who(r.requestedByEmail, r.requestedBy)}</Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                    <Table.Td>
                      <Badge tone={statusTone[r.status]}>{statusLabel[r.status]}</Badge>{' '}
                      {who(r.decidedByEmail, r.decidedBy)}: {r.decisionReason}
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      ) : null}
      <ReasonDialog
        title="Request two-step removal"
        open={asking}
        onClose={() => setAsking(false)}
        confirmLabel="Send for approval"
        reasonHint="How the player proved who they are (the approver reads this). Kept in the audit log."
        schema={requestFactorRemovalBodySchema.pick({ reason: true })}
        onConfirm={(reason) => request.mutateAsync({ factor: 'totp', reason })}
      >
        <p>
          Another staff member must approve before the authenticator app is turned off. The player is then
          e-mailed and notified, and signs in with their password alone until they turn it on again.
        </p>
      </ReasonDialog>
      <ReasonDialog
        title={deciding?.decision === 'approve' ? 'Approve two-step removal?' : 'Reject two-step removal?'}
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve and turn off' : 'Reject'}
        variant={deciding?.decision === 'approve' ? 'danger' : 'primary'}
        schema={decideFactorRemovalBodySchema}
        onConfirm={(reason) =>
          decide.mutateAsync({ requestId: deciding!.request.id, decision: deciding!.decision, reason })
        }
      >
        {deciding ? (
          <p>
            Asked by {who(deciding.request.requestedByEmail, deciding.request.requestedBy)}:{' '}
            {deciding.request.reason}
          </p>
        ) : null}
      </ReasonDialog>
    </Card>
  );
}
