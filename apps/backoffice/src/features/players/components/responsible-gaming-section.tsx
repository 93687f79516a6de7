import { Table } from '@mantine/core';
import type { LimitView } from '@paws/contracts/responsible-gaming';
import {
  contactChannelLabels,
  contactOutcomeLabels,
  harmMarkerLabels,
  type RgRestriction,
  type StaffRgPlayer,
} from '@paws/contracts/staff-responsible-gaming';
import { Badge, Card, ErrorView, formatDateTime, formatMoney, Loading } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { usePlayerResponsibleGaming } from '../api/get-player-responsible-gaming';
import { LowerLimitForm, limitKindLabels, limitPeriodLabels } from './lower-limit-form';
import { minutesInWords, PlayTimeCard } from './play-time-card';

const usd = (amount: number | null) => (amount === null ? 'none' : formatMoney(amount, 'USD'));
const limitChangeInWords = (c: StaffRgPlayer['limitHistory'][number]) => {
  if (c.kind === 'PLAY_TIME') {
    const time = (minutes: number | null) => (minutes === null ? 'none' : minutesInWords(minutes));
    return `Play-time limit per day: ${time(c.from)} → ${time(c.to)}`;
  }
  return `${limitKindLabels[c.kind]} limit per ${limitPeriodLabels[c.period]}: ${usd(c.from)} → ${usd(c.to)}`;
};
const byWhom = (requestedBy: string) =>
  requestedBy === 'player' ? 'the player' : `staff (${requestedBy.slice(6)})`;

function untilOf(restriction: RgRestriction) {
  if (restriction.endsAt) return formatDateTime(restriction.endsAt);
  if (restriction.source === 'NATIONAL_REGISTER')
    return 'while the national register names the player (asked again at each sign-in, at most daily)';
  return `until the player asks to return (from ${formatDateTime(restriction.returnAllowedAt)})`;
}

/** The player's responsible gaming: limits, breaks, markers of harm, and the history of changes and contacts. */
export function ResponsibleGamingSection({ playerId }: { playerId: string }) {
  const card = usePlayerResponsibleGaming(playerId);
  const canAct = useCan('responsible-gaming.act');
  if (card.isPending) return <Loading />;
  if (card.isError) return <ErrorView message={errorOf(card.error).message} onRetry={() => card.refetch()} />;
  const rg = card.data;
  return (
    <>
      <LimitsCard limits={rg.limits.filter((l) => l.amount !== null || l.pending)} />
      {canAct ? (
        <Card title="Set a lower limit">
          <LowerLimitForm playerId={playerId} />
        </Card>
      ) : null}
      <PlayTimeCard play={rg.play} />
      <RestrictionsCard restrictions={rg.restrictions} />
      <MarkersCard scores={rg.scores} />
      <HistoryCard rg={rg} />
    </>
  );
}

function LimitsCard({ limits }: { limits: LimitView[] }) {
  return (
    <Card title="Limits in force">
      {limits.length === 0 ? (
        <p className="empty">No limits set.</p>
      ) : (
        <div className="table-scroll">
          <Table aria-label="Limits in force">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Limit</Table.Th>
                <Table.Th scope="col">Per</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Used</Table.Th>
                <Table.Th scope="col">Left</Table.Th>
                <Table.Th scope="col">Pending change</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {limits.map((l) => (
                <Table.Tr key={`${l.kind}-${l.period}`}>
                  <Table.Td>{limitKindLabels[l.kind]}</Table.Td>
                  <Table.Td>{limitPeriodLabels[l.period]}</Table.Td>
                  <Table.Td>{usd(l.amount)}</Table.Td>
                  <Table.Td>{formatMoney(l.used, 'USD')}</Table.Td>
                  <Table.Td>{l.left === null ? '—' : formatMoney(l.left, 'USD')}</Table.Td>
                  <Table.Td>
                    {l.pending
                      ? `${l.pending.amount === null ? 'removal' : `to ${usd(l.pending.amount)}`} from ${formatDateTime(l.pending.effectiveAt)}`
                      : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}

function RestrictionsCard({ restrictions }: { restrictions: RgRestriction[] }) {
  return (
    <Card title="Time-outs and self-exclusions">
      {restrictions.length === 0 ? (
        <p className="empty">Never took a break.</p>
      ) : (
        <div className="table-scroll">
          <Table aria-label="Time-outs and self-exclusions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">From</Table.Th>
                <Table.Th scope="col">Until</Table.Th>
                <Table.Th scope="col">State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {restrictions.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.kind === 'TIME_OUT' ? 'Time-out' : 'Self-exclusion'}</Table.Td>
                  <Table.Td>
                    {r.source === 'NATIONAL_REGISTER' ? 'National register (GAMSTOP)' : 'The player'}
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.startsAt)}</Table.Td>
                  <Table.Td>{untilOf(r)}</Table.Td>
                  <Table.Td>{r.active ? <Badge tone="bad">in force</Badge> : 'ended'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <p className="field-hint">Staff cannot end a time-out or self-exclusion early.</p>
    </Card>
  );
}

function MarkersCard({ scores }: { scores: StaffRgPlayer['scores'] }) {
  return (
    <Card title="Markers of harm (last 30 days)">
      {scores.length === 0 ? (
        <p className="empty">No marker in the last 30 days.</p>
      ) : (
        <ul aria-label="Markers of harm">
          {scores.map((s) => (
            <li key={s.day}>
              {s.day}: score {s.score} —{' '}
              {s.reasons.map((r) => `${harmMarkerLabels[r.marker]} (${r.detail})`).join('; ')}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function HistoryCard({ rg }: { rg: StaffRgPlayer }) {
  const events = [
    ...rg.limitHistory.map((c) => ({
      at: c.requestedAt,
      key: `limit-${c.id}`,
      what: `${limitChangeInWords(c)}, by ${byWhom(c.requestedBy)}, in force ${formatDateTime(c.effectiveAt)}`,
    })),
    ...rg.contacts.map((c) => ({
      at: c.at,
      key: `contact-${c.id}`,
      what: `Contact by ${contactChannelLabels[c.channel]} (${c.staffEmail ?? c.staffId}): ${contactOutcomeLabels[c.outcome]}${c.note ? ` — ${c.note}` : ''}`,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Card title="Responsible gaming history">
      {events.length === 0 ? (
        <p className="empty">Nothing yet.</p>
      ) : (
        <div className="table-scroll">
          <Table aria-label="Responsible gaming history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Time</Table.Th>
                <Table.Th scope="col">What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((e) => (
                <Table.Tr key={e.key}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{e.what}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}
