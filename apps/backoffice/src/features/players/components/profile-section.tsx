import { Table } from '@mantine/core';
import type { PlayerProfile, StaffBan } from '@paws/contracts/staff-players';
import { Badge, Card, formatDateTime, formatMoney, ScrollTable } from '../../../components/ui';

const untilOf = (ban: StaffBan) => (ban.endsAt ? formatDateTime(ban.endsAt) : 'permanent');

/** Who the player is, what they hold in each currency, and their bans. */
export function ProfileSection({ player }: { player: PlayerProfile }) {
  return (
    <div className="cards player-overview">
      <Card title="Profile">
        <dl className="facts">
          <dt>Id</dt>
          <dd>
            <code>{player.id}</code>
          </dd>
          <dt>E-mail</dt>
          <dd>
            {player.email ?? '—'}{' '}
            {player.email && !player.emailVerifiedAt ? <Badge tone="warn">unconfirmed</Badge> : null}
          </dd>
          <dt>Phone</dt>
          <dd>
            {player.phone ?? '—'}{' '}
            {player.phone && !player.phoneVerifiedAt ? <Badge tone="warn">unconfirmed</Badge> : null}
          </dd>
          <dt>Username</dt>
          <dd>{player.username ?? '—'}</dd>
          <dt>Identity verification</dt>
          <dd>{player.verificationType}</dd>
          <dt>Staff roles</dt>
          <dd>{player.staffRoles.length ? player.staffRoles.join(', ') : 'none'}</dd>
          <dt>Promo code</dt>
          <dd>{player.promoCode ?? '—'}</dd>
          <dt>Referral code</dt>
          <dd>{player.referralCode ?? '—'}</dd>
          <dt>Joined</dt>
          <dd>{formatDateTime(player.createdAt)}</dd>
          <dt>Last sign-in</dt>
          <dd>{formatDateTime(player.lastSignInAt)}</dd>
          <dt>Two-step sign-in</dt>
          <dd>{player.twoStepOn ? 'On (authenticator app)' : 'Off'}</dd>
          <dt>Passkeys</dt>
          <dd>{player.passkeyCount}</dd>
        </dl>
      </Card>
      <Card title="Balances">
        <ScrollTable label="Balances per currency">
          <Table aria-label="Balances per currency">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Currency</Table.Th>
                <Table.Th scope="col">Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {player.balances.map((balance) => (
                <Table.Tr key={balance.currencyCode}>
                  <Table.Td>{balance.currencyCode}</Table.Td>
                  <Table.Td>{formatMoney(balance.amount, balance.currencyCode)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Card>
      <Card title="Bans" wide>
        {player.bans.length === 0 ? (
          <p className="empty">Never banned.</p>
        ) : (
          <ScrollTable label="Bans">
            <Table aria-label="Bans">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">Until</Table.Th>
                  <Table.Th scope="col">Reason</Table.Th>
                  <Table.Th scope="col">By</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {player.bans.map((ban) => (
                  <Table.Tr key={ban.id}>
                    <Table.Td>{formatDateTime(ban.startsAt)}</Table.Td>
                    <Table.Td>{untilOf(ban)}</Table.Td>
                    <Table.Td>{ban.reason}</Table.Td>
                    <Table.Td>{ban.createdByEmail ?? ban.createdBy ?? '—'}</Table.Td>
                    <Table.Td>
                      {ban.active ? (
                        <Badge tone="bad">in force</Badge>
                      ) : ban.liftedAt ? (
                        <span>
                          lifted {formatDateTime(ban.liftedAt)} by {ban.liftedByEmail ?? ban.liftedBy}:{' '}
                          {ban.liftReason}
                        </span>
                      ) : (
                        'ended'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>
    </div>
  );
}
