import { Table } from '@mantine/core';
import type { StaffTicketDetail } from '@paws/contracts/staff-tickets';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Badge,
  Card,
  ErrorView,
  formatDateTime,
  formatMoney,
  Loading,
  ScrollTable,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import {
  usePlayerBets,
  usePlayerPayments,
  usePlayerProfile,
  usePlayerVerifications,
} from '../api/get-player-context';

type Requester = StaffTicketDetail['requester'];

/** Who wrote: a visitor's name and e-mail, or the player's account at a glance with a link to it. */
export function PlayerContext({ requester }: { requester: Requester }) {
  const canRead = useCan('players.read');
  if (!requester.userId) {
    return (
      <Card title="Visitor">
        <dl className="facts">
          <dt>Name</dt>
          <dd>{requester.name}</dd>
          <dt>E-mail</dt>
          <dd>{requester.email}</dd>
        </dl>
        <p className="field-hint context-hint">
          Not signed in: they follow the ticket through a private link, and every reply also reaches them by
          e-mail.
        </p>
      </Card>
    );
  }
  if (!canRead) {
    return (
      <Card title="Player">
        <p>
          {requester.name} · {requester.email}
        </p>
        <p className="field-hint context-hint">Your role may not read player accounts.</p>
      </Card>
    );
  }
  return <PlayerAccount playerId={requester.userId} />;
}

function Section<T>({
  title,
  query,
  empty,
  children,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };
  empty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card title={title}>
      {query.isPending ? (
        <Loading />
      ) : query.isError || query.data === undefined ? (
        <ErrorView message={errorOf(query.error).message} onRetry={() => query.refetch()} />
      ) : empty(query.data) ? (
        <p className="empty">None yet.</p>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

function PlayerAccount({ playerId }: { playerId: string }) {
  const profile = usePlayerProfile(playerId);
  const bets = usePlayerBets(playerId);
  const payments = usePlayerPayments(playerId);
  const verifications = usePlayerVerifications(playerId);
  const href = `/players/${playerId}`;

  return (
    <div className="player-context">
      <Section title="Player" query={profile} empty={() => false}>
        {(p) => (
          <>
            <p className="context-name">
              <Link to={href}>{p.username ?? p.email ?? p.phone ?? p.id}</Link>
              {p.ban ? (
                <Badge tone="bad">
                  Banned {p.ban.endsAt ? `until ${formatDateTime(p.ban.endsAt)}` : 'permanently'}
                </Badge>
              ) : null}
            </p>
            <dl className="facts">
              <dt>E-mail</dt>
              <dd>
                {p.email ?? '—'}{' '}
                {p.email && !p.emailVerifiedAt ? <Badge tone="warn">unconfirmed</Badge> : null}
              </dd>
              <dt>Phone</dt>
              <dd>{p.phone ?? '—'}</dd>
              <dt>Joined</dt>
              <dd>{formatDateTime(p.createdAt)}</dd>
              <dt>Last sign-in</dt>
              <dd>{formatDateTime(p.lastSignInAt)}</dd>
              <dt>Verification</dt>
              <dd>
                <Badge tone={p.verificationType === 'APPROVED' ? 'good' : 'neutral'}>
                  {p.verificationType}
                </Badge>
              </dd>
            </dl>
            <h3 className="context-heading">Balances</h3>
            <ul className="balances" aria-label="Balances">
              {p.balances.map((b) => (
                <li key={b.currencyCode}>
                  <span className="field-hint">{b.currencyCode}</span>
                  <strong>{formatMoney(b.amount, b.currencyCode)}</strong>
                </li>
              ))}
            </ul>
            <h3 className="context-heading">Bans</h3>
            {p.bans.length === 0 ? (
              <p className="empty">Never banned.</p>
            ) : (
              <ul className="context-list" aria-label="Bans">
                {p.bans.map((ban) => (
                  <li key={ban.id}>
                    <Badge tone={ban.active ? 'bad' : 'neutral'}>
                      {ban.active ? 'in force' : ban.liftedAt ? 'lifted' : 'ended'}
                    </Badge>
                    {formatDateTime(ban.startsAt)} → {ban.endsAt ? formatDateTime(ban.endsAt) : 'permanent'}:{' '}
                    {ban.reason}
                  </li>
                ))}
              </ul>
            )}
            <p>
              <Link to={href}>Open the player page</Link>
            </p>
          </>
        )}
      </Section>
      <Section title="Recent bets" query={bets} empty={(page) => page.items.length === 0}>
        {(page) => (
          <ScrollTable label="Recent bets">
            <Table className="compact" aria-label="Recent bets">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Game</Table.Th>
                  <Table.Th scope="col">Stake</Table.Th>
                  <Table.Th scope="col">Win</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.items.map((bet) => (
                  <Table.Tr key={`${bet.providerCode}:${bet.roundId}:${bet.currencyCode}`}>
                    <Table.Td>{formatDateTime(bet.createdAt)}</Table.Td>
                    <Table.Td>{bet.gameCode ?? bet.providerName}</Table.Td>
                    <Table.Td>
                      {formatMoney(bet.stake, bet.currencyCode)}
                      {bet.rolledBack ? <Badge tone="warn">rolled back</Badge> : null}
                    </Table.Td>
                    <Table.Td>{formatMoney(bet.win, bet.currencyCode)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>
      <Section title="Recent payments" query={payments} empty={(page) => page.items.length === 0}>
        {(page) => (
          <ScrollTable label="Recent payments">
            <Table className="compact" aria-label="Recent payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.items.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatDateTime(payment.createdAt)}</Table.Td>
                    <Table.Td>{payment.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'}</Table.Td>
                    <Table.Td>{formatMoney(payment.amount, payment.currencyCode)}</Table.Td>
                    <Table.Td>
                      <Badge
                        tone={
                          payment.status === 'COMPLETED'
                            ? 'good'
                            : payment.status === 'DECLINED'
                              ? 'bad'
                              : 'warn'
                        }
                      >
                        {payment.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>
      <Section title="Verification checks" query={verifications} empty={(page) => page.items.length === 0}>
        {(page) => (
          <ul className="context-list" aria-label="Verification checks">
            {page.items.map((v) => (
              <li key={v.id}>
                <Badge tone={v.result === 'APPROVED' ? 'good' : v.result ? 'bad' : 'neutral'}>
                  {v.result ?? v.status}
                </Badge>
                {v.provider} · {formatDateTime(v.submittedAt ?? v.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
