import { randomUUID } from 'node:crypto';
import type { StudioApiGameCode } from '@paws/contracts/studio-api';
import { fromMinor } from '@paws/contracts/wallet';
import { type ByteStream, fairStream } from '@paws/studio-engine/fair';
import type { StatementCompanion } from '../wallet/index.ts';
import type { studioRounds } from './schema.ts';
import type { SeedPairRow, StudioSeeds } from './seeds.ts';
import type { StudioSession } from './sessions.ts';
import type { StudioWalletCalls } from './wallet-calls.ts';

/**
 * The studio's part of a single-step round's bet statement, on its own tables: the seed pair is taken only at
 * the nonce the round was played with (the money moves only then), then advanced, and the round is stored.
 */
export const singleStepRound: StatementCompanion = {
  name: 'studio_single_step_round',
  types: {
    pairId: 'uuid',
    nonce: 'integer',
    roundId: 'uuid',
    userId: 'uuid',
    game: 'text',
    walletSessionToken: 'text',
    currency: 'text',
    stake: 'bigint',
    payout: 'bigint',
    result: 'jsonb',
    at: 'timestamptz',
  },
  build: (c) => ({
    before: `studio_pair as (
        select inp.in_i, sp.id from input inp
        join studio_seed_pairs sp on sp.id = ${c('pairId')} and sp.nonce = ${c('nonce')} and sp.revealed_at is null
        for update of sp)`,
    ready: `exists (select 1 from studio_pair sp where sp.in_i = inp.in_i)`,
    // A moved row's pair is its studio_pair row: taken at this nonce, and locked.
    after: `studio_nonce as (
        update studio_seed_pairs sp set nonce = ${c('nonce')} + 1 from moved inp where sp.id = ${c('pairId')}
      ), studio_round as (
        insert into studio_rounds (id, user_id, game, seed_pair_id, nonce, wallet_session_token, currency, stake,
          payout, result, finished, paid_at, created_at, updated_at)
        select ${c('roundId')}, ${c('userId')}, ${c('game')}, ${c('pairId')}, ${c('nonce')},
          ${c('walletSessionToken')}, ${c('currency')}, ${c('stake')}, ${c('payout')}, ${c('result')}, true,
          case when ${c('payout')} > 0 then ${c('at')} end, ${c('at')}, ${c('at')}
        from moved inp)`,
  }),
};

/** Another process moving the pair between our read and our write is rare; this many misses is a fault. */
const PAIR_ATTEMPTS = 20;

type RoundRow = typeof studioRounds.$inferSelect;

type PlayRound = NonNullable<StudioWalletCalls['playRound']>;

/**
 * A single-step round with the wallet in process: the engine runs on the pair as this process knows it, then
 * one statement writes the bet and the round (and, when it pays, a second its win, in the same transaction).
 * Nothing is written on a refusal, so there is no intent to keep and nothing for recovery to finish.
 */
export async function playInOneTransaction(
  { seeds, playRound, now }: { seeds: StudioSeeds; playRound: PlayRound; now: () => Date },
  session: StudioSession,
  game: StudioApiGameCode,
  stake: number,
  field: string,
  run: (rng: ByteStream) => { payout: number; result: unknown },
): Promise<{ row: RoundRow; pair: SeedPairRow; balance: number }> {
  for (let attempt = 0; attempt < PAIR_ATTEMPTS; attempt++) {
    const pair = await seeds.knownPair(session.userId, game);
    const { payout, result } = run(fairStream(pair));
    const roundId = randomUUID();
    const at = now();
    const written = await playRound(
      {
        bet: {
          transactionId: `${roundId}:bet`,
          roundId,
          sessionToken: session.walletSessionToken,
          userId: session.userId,
          currency: session.currency,
          amount: stake,
          gameCode: game,
        },
        ...(payout > 0 && { win: { transactionId: `${roundId}:win`, amount: payout } }),
        companion: {
          statement: singleStepRound,
          values: {
            pairId: pair.id,
            nonce: pair.nonce,
            roundId,
            userId: session.userId,
            game,
            walletSessionToken: session.walletSessionToken,
            currency: session.currency,
            stake,
            payout,
            result: JSON.stringify(result),
            at: at.toISOString(),
          },
        },
      },
      field,
    );
    if (written.status === 'notReady') {
      seeds.forget(session.userId, game);
      continue;
    }
    // Round ids are new at each call: a replay of one is a fault, not a retry.
    if (written.status !== 'written') throw new Error(`Round ${roundId} was already played`);
    seeds.played(pair);
    const row: RoundRow = {
      id: roundId,
      userId: session.userId,
      game,
      seedPairId: pair.id,
      nonce: pair.nonce,
      walletSessionToken: session.walletSessionToken,
      currency: session.currency,
      stake,
      payout,
      step: 0,
      state: null,
      result,
      finished: true,
      paidAt: payout > 0 ? at : null,
      createdAt: at,
      updatedAt: at,
    };
    return { row, pair, balance: fromMinor(written.balance, session.currency) };
  }
  throw new Error(`The seed pair of ${session.userId} in ${game} kept moving`);
}
