import { Table } from '@mantine/core';
import {
  decideFactorRemovalBodySchema,
  type FactorRemoval,
  type FactorRemovalStatus,
  type FactorRemovals,
  factorRemovalStatuses,
} from '@paws/contracts/staff-factors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ReasonDialog } from '../../../components/reason-dialog';
import {
  Badge,
  Button,
  Card,
  ErrorView,
  Field,
  formatDateTime,
  Loading,
  PageHeader,
  ScrollTable,
  Select,
} from '../../../components/ui';
import { api, errorOf } from '../../../lib/api';
import { useCan, useMe } from '../../../lib/session';

const statusLabels: Record<FactorRemovalStatus, string> = {
  PENDING: 'Waiting for approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
const statusTone = { PENDING: 'info', APPROVED: 'good', REJECTED: 'bad' } as const;
const factorLabels = { totp: 'Authenticator app' } as const;
const who = (email: string | null, id: string | null) => email ?? id ?? '—';
const queueKey = (status: FactorRemovalStatus) => ['factor-removals', status] as const;

/**
 * Requests to turn a player's sign-in factor off (four eyes): support asks on the player page, a staff member
 * other than the requester approves (the factor goes off, the player is told) or rejects.
 */
export default function FactorRemovalsPage() {
  const [status, setStatus] = useState<FactorRemovalStatus>('PENDING');
  const client = useQueryClient();
  const me = useMe();
  const canApprove = useCan('players.factors.approve');
  const list = useQuery({
    queryKey: queueKey(status),
    queryFn: () => api.get<FactorRemovals>('/factor-removals', { status }),
  });
  const decide = useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason: string }) =>
      api.post<FactorRemoval>(`/factor-removals/${id}/${decision}`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['factor-removals'] }),
  });
  const [deciding, setDeciding] = useState<{ request: FactorRemoval; decision: 'approve' | 'reject' } | null>(
    null,
  );
  const items = list.data?.items ?? [];

  return (
    <>
      <PageHeader title="Factor removals">
        <p className="field-hint">
          Support asks to turn a player’s two-step sign-in off (a lost phone); another staff member decides.
        </p>
      </PageHeader>
      <Card title={statusLabels[status]} wide>
        <div className="filters">
          <Field label="Status">
            {(props) => (
              <Select
                {...props}
                value={status}
                onChange={(e) => setStatus(e.target.value as FactorRemovalStatus)}
              >
                {factorRemovalStatuses.map((s) => (
                  <option key={s} value={s}>
                    {statusLabels[s]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorView message={errorOf(list.error).message} onRetry={() => list.refetch()} />
        ) : items.length === 0 ? (
          <p className="empty">
            {status === 'PENDING' ? 'No request is waiting for approval.' : 'No requests.'}
          </p>
        ) : (
          <ScrollTable label="Factor removal requests">
            <Table aria-label="Factor removal requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Player and factor</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                  <Table.Th scope="col">Asked</Table.Th>
                  <Table.Th scope="col">{status === 'PENDING' ? 'Decision' : 'Decided'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Link to={`/players/${r.playerId}?tab=security`}>{r.playerEmail ?? r.playerId}</Link>
                      <br />
                      <span className="field-hint">{factorLabels[r.factor]}</span>
                    </Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                    <Table.Td>
                      {who(r.requestedByEmail, r.requestedBy)}
                      <br />
                      <span className="field-hint">{formatDateTime(r.requestedAt)}</span>
                    </Table.Td>
                    <Table.Td>
                      {r.status !== 'PENDING' ? (
                        <span>
                          <Badge tone={statusTone[r.status]}>{statusLabels[r.status]}</Badge>{' '}
                          {who(r.decidedByEmail, r.decidedBy)}, {formatDateTime(r.decidedAt)}:{' '}
                          {r.decisionReason}
                        </span>
                      ) : r.requestedBy === me.data?.userId ? (
                        <span className="field-hint">Yours: another member must decide</span>
                      ) : canApprove ? (
                        <div className="row">
                          <Button
                            variant="danger"
                            aria-label={`Approve removal for ${r.playerEmail ?? r.playerId}`}
                            onClick={() => setDeciding({ request: r, decision: 'approve' })}
                          >
                            Approve
                          </Button>
                          <Button
                            variant="secondary"
                            aria-label={`Reject removal for ${r.playerEmail ?? r.playerId}`}
                            onClick={() => setDeciding({ request: r, decision: 'reject' })}
                          >
                            Reject
                          </Button>
                        </div>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>
      <ReasonDialog
        title={deciding?.decision === 'approve' ? 'Approve two-step removal?' : 'Reject two-step removal?'}
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        confirmLabel={deciding?.decision === 'approve' ? 'Approve and turn off' : 'Reject'}
        variant={deciding?.decision === 'approve' ? 'danger' : 'primary'}
        schema={decideFactorRemovalBodySchema}
        onConfirm={(reason) =>
          decide.mutateAsync({ id: deciding!.request.id, decision: deciding!.decision, reason })
        }
      >
        {deciding ? (
          <dl className="facts">
            <dt>Player</dt>
            <dd>{deciding.request.playerEmail ?? deciding.request.playerId}</dd>
            <dt>Asked by</dt>
            <dd>{who(deciding.request.requestedByEmail, deciding.request.requestedBy)}</dd>
            <dt>Reason</dt>
            <dd>{deciding.request.reason}</dd>
          </dl>
        ) : null}
        {deciding?.decision === 'approve' ? (
          <p>The authenticator app and recovery codes are deleted; the player is e-mailed and notified.</p>
        ) : (
          <p>The factor stays on.</p>
        )}
      </ReasonDialog>
    </>
  );
}
