import type { DomainEvent } from '@paws/contracts/events';
import type { DbOrTx } from '../../db/client.ts';
import { type NamedStatement, runNamed } from '../../db/statements.ts';

const HOUR = 3_600_000;

interface HourDelta {
  userId: string;
  hour: Date;
  bets: number;
  stakes: number;
  wins: number;
  deposits: number;
  released: number;
}

/** A batch of wallet.moved events as one delta per player and hour (of the movement's own time). */
export function foldActivity(events: DomainEvent<'wallet.moved'>[]): HourDelta[] {
  const deltas = new Map<string, HourDelta>();
  for (const { payload } of events) {
    const hour = new Date(Math.floor(Date.parse(payload.at) / HOUR) * HOUR);
    const key = `${payload.userId}|${hour.getTime()}`;
    const delta = deltas.get(key) ?? {
      userId: payload.userId,
      hour,
      bets: 0,
      stakes: 0,
      wins: 0,
      deposits: 0,
      released: 0,
    };
    const amount = Math.abs(payload.amount);
    if (payload.kind === 'BET') {
      delta.bets += 1;
      delta.stakes += amount;
    } else if (payload.kind === 'WIN' || payload.kind === 'ROLLBACK') delta.wins += amount;
    else if (payload.kind === 'DEPOSIT') delta.deposits += amount;
    else if (payload.kind === 'WITHDRAW_RELEASE') delta.released += amount;
    deltas.set(key, delta);
  }
  return [...deltas.values()];
}

/**
 * Adds a batch's deltas to the player-hours in one statement, its rows as arrays: one text whatever the
 * batch's size (prepared once per connection), in the transaction that marks the batch handled.
 */
const ADD_ACTIVITY: NamedStatement = {
  name: 'rg_add_activity',
  text: `insert into rg_activity_hours (user_id, hour, bets, stakes, wins, deposits, released)
    select * from unnest($1::uuid[], $2::timestamptz[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
    on conflict (user_id, hour) do update set
      bets = rg_activity_hours.bets + excluded.bets,
      stakes = rg_activity_hours.stakes + excluded.stakes,
      wins = rg_activity_hours.wins + excluded.wins,
      deposits = rg_activity_hours.deposits + excluded.deposits,
      released = rg_activity_hours.released + excluded.released`,
};

export async function addActivity(tx: DbOrTx, deltas: HourDelta[]) {
  if (deltas.length === 0) return;
  // Sorted, so two batches upserting the same rows take their locks in one order.
  const rows = deltas.sort((a, b) => a.userId.localeCompare(b.userId) || a.hour.getTime() - b.hour.getTime());
  const column = <K extends keyof HourDelta>(key: K) => rows.map((row) => row[key]);
  await runNamed(tx, ADD_ACTIVITY, [
    column('userId'),
    rows.map((row) => row.hour.toISOString()),
    column('bets'),
    column('stakes'),
    column('wins'),
    column('deposits'),
    column('released'),
  ]);
}
