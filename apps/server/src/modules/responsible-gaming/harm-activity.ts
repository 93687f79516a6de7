import type { DomainEvent } from '@paws/contracts/events';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rgActivityHours } from './schema.ts';

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

/** Adds the deltas to the player-hours, in the transaction that marks the batch handled. */
export async function addActivity(tx: DbOrTx, deltas: HourDelta[]) {
  if (deltas.length === 0) return;
  const add = (column: string) => sql.raw(`rg_activity_hours.${column} + excluded.${column}`);
  // Sorted, so two batches upserting the same rows take their locks in one order.
  const rows = deltas.sort((a, b) => a.userId.localeCompare(b.userId) || a.hour.getTime() - b.hour.getTime());
  await tx
    .insert(rgActivityHours)
    .values(rows)
    .onConflictDoUpdate({
      target: [rgActivityHours.userId, rgActivityHours.hour],
      set: {
        bets: add('bets'),
        stakes: add('stakes'),
        wins: add('wins'),
        deposits: add('deposits'),
        released: add('released'),
      },
    });
}
