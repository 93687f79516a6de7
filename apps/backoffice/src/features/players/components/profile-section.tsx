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
          <table aria-label="Balances per currency">
            <thead>
              <tr>
                <th scope="col">Currency</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {player.balances.map((balance) => (
                <tr key={balance.currencyCode}>
                  <td>{balance.currencyCode}</td>
                  <td>{formatMoney(balance.amount, balance.currencyCode)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      </Card>
      <Card title="Bans" wide>
        {player.bans.length === 0 ? (
          <p className="empty">Never banned.</p>
        ) : (
          <ScrollTable label="Bans">
            <table aria-label="Bans">
              <thead>
                <tr>
                  <th scope="col">From</th>
                  <th scope="col">Until</th>
                  <th scope="col">Reason</th>
                  <th scope="col">By</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {player.bans.map((ban) => (
                  <tr key={ban.id}>
                    <td>{formatDateTime(ban.startsAt)}</td>
                    <td>{untilOf(ban)}</td>
                    <td>{ban.reason}</td>
                    <td>{ban.createdByEmail ?? ban.createdBy ?? '—'}</td>
                    <td>
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Card>
    </div>
  );
}
