// The producers' two transactions: a wallet round (a bet then a win, each one transaction that records one
// 'wallet.moved' with its ledger rows), and the same event recorded alone, in the outbox or in a plain copy
// of its table.
import { randomUUID } from 'node:crypto';
import { type DomainEventPayload, domainEventSchemas } from '@paws/contracts/events';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { recordEvent } from '../../apps/server/src/core/events/record.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { uuidv7 } from '../../apps/server/src/lib/ids.ts';
import { STUDIO_PROVIDER } from '../../apps/server/src/modules/wallet/signature.ts';
import { committed, type Kind, type Phase } from './phases.ts';
import { STAKE } from './settings.ts';
import type { Player, WalletService } from './setup.ts';

/** A copy of the outbox's table for the baseline: same columns and indexes, no NOTIFY trigger, no reader. */
const plainEvents = pgTable('bench_plain_events', {
  id: uuid().primaryKey(),
  name: text().notNull(),
  payload: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  dispatchedAt: timestamp({ withTimezone: true, mode: 'date' }),
});

export function createProducers({
  db,
  wallet,
  players,
}: {
  db: Database['db'];
  wallet: WalletService;
  players: Player[];
}) {
  const pick = () => players[Math.floor(Math.random() * players.length)]!;
  /** One win in twenty pays ×10 the stake (a notice), the others 1.5× or nothing. */
  const winAmount = (n: number) => (n % 20 === 7 ? 10 * STAKE : n % 2 === 0 ? 0 : (3 * STAKE) / 2);

  async function walletRound(phase: Phase, n: number) {
    const player = pick();
    const roundId = `${phase.prefix}${n}`;
    const common = {
      providerCode: STUDIO_PROVIDER.code,
      roundId,
      sessionToken: player.token,
      userId: player.userId,
      currency: 'USD' as const,
      gameCode: 'bench',
    };
    let started = performance.now();
    await wallet.bet({ ...common, transactionId: `${roundId}.b`, amount: STAKE });
    committed(phase, 'BET', roundId, started);
    started = performance.now();
    await wallet.win({
      ...common,
      transactionId: `${roundId}.w`,
      referenceTransactionId: `${roundId}.b`,
      amount: winAmount(n),
    });
    committed(phase, 'WIN', roundId, started);
  }

  /** The same event as a round's bet or win, recorded alone (no ledger), in the outbox or the plain copy. */
  async function rawEvent(phase: Phase, n: number, into: 'outbox' | 'plain') {
    const kind: Kind = n % 2 === 0 ? 'BET' : 'WIN';
    const roundId = `${phase.prefix}${n}`;
    const payload: DomainEventPayload<'wallet.moved'> = {
      kind,
      userId: pick().userId,
      currency: 'USD',
      amount: kind === 'BET' ? -STAKE : (3 * STAKE) / 2,
      balance: 0,
      ledgerTransactionId: randomUUID(),
      at: new Date().toISOString(),
      game: { providerCode: 'bench-raw', gameCode: 'bench', roundId },
    };
    const started = performance.now();
    if (into === 'outbox') {
      await db.transaction(async (tx) => {
        await recordEvent(tx, 'wallet.moved', payload);
      });
      committed(phase, kind, roundId, started);
      return;
    }
    // recordEvent's work (contract check, UUIDv7, one insert) against the copy without trigger or reader.
    await db.transaction(async (tx) => {
      await tx.insert(plainEvents).values({
        id: uuidv7(),
        name: 'wallet.moved',
        payload: domainEventSchemas['wallet.moved'].parse(payload),
      });
    });
    phase.commits.set(`${kind}:${roundId}`, Date.now());
    phase.callMs.push(performance.now() - started);
  }

  return { walletRound, rawEvent };
}
