import { randomUUID } from 'node:crypto';
import type { WalletErrorCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode } from '../../src/db/errors.ts';
import { isWalletError } from '../../src/modules/wallet/errors.ts';
import type { GameResult, WalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER } from '../../src/modules/wallet/signature.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  closePoolFully,
  countLedger,
  ledgerProblems,
  newPlayer,
  noProblems,
  query,
  type TestContext,
} from './helpers.ts';

/*
 * Model-based test of the seamless wallet: random sequences of bets, wins and rollbacks over a small pool of
 * transaction ids (so ids collide across kinds, players and amounts), with retries, calls sent twice at
 * once and rollbacks arriving before their bets. After every call the wallet's answer must equal a plain
 * in-memory model's, and after every sequence the ledger must reconcile.
 */

const amounts = [0, 50, 100, 250, 700, 1500];

type Command =
  | { type: 'bet'; player: number; id: string; amount: number; round: string }
  | { type: 'win'; player: number; id: string; amount: number; round: string; ref?: string }
  | { type: 'rollback'; id: string; ref: string; round: string }
  | { type: 'retry'; back: number }
  | { type: 'twice'; command: Command };

const player = fc.integer({ min: 0, max: 1 });
const pool = (prefix: string) => fc.constantFrom(...[0, 1, 2, 3, 4, 5].map((i) => `${prefix}${i}`));
// Each kind mostly draws from its own ids, sometimes from another kind's, so that states deep in a
// sequence (a bet rolled back twice, a win on a refunded bet) are reached as well as collisions.
const betId = pool('b');
const winId = fc.oneof({ weight: 5, arbitrary: pool('w') }, { weight: 1, arbitrary: betId });
const rollbackId = fc.oneof(
  { weight: 5, arbitrary: pool('r') },
  { weight: 1, arbitrary: betId },
  { weight: 1, arbitrary: pool('w') },
);
const betRef = fc.oneof({ weight: 6, arbitrary: betId }, { weight: 1, arbitrary: pool('w') });
const amount = fc.constantFrom(...amounts);
const round = fc.constantFrom('r1', 'r2');
const callArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ type: fc.constant('bet' as const), player, id: betId, amount, round }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      { type: fc.constant('win' as const), player, id: winId, amount, round, ref: betRef },
      { requiredKeys: ['type', 'player', 'id', 'amount', 'round'] },
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('rollback' as const), id: rollbackId, ref: betRef, round }),
  },
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 8, arbitrary: callArb },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('retry' as const), back: fc.nat(10) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('twice' as const), command: callArb }) },
);

type Outcome =
  | { ok: true; balance: number | null; user: number | null }
  | { ok: false; code: WalletErrorCode };

interface Rec {
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  player: number | null;
  amount: number;
  round: string;
  ref?: string;
  rolledBack: boolean;
  balanceAfter: number | null;
}

/** What the wallet is specified to do, in memory. */
class Model {
  records = new Map<string, Rec>();
  /** Ledger transactions the wallet should have written. */
  posts = 0;
  constructor(public balances: number[]) {}

  apply(c: Exclude<Command, { type: 'retry' | 'twice' }>): Outcome {
    const prior = this.records.get(c.id);
    if (c.type === 'bet') {
      if (prior) {
        if (prior.kind === 'BET' && prior.player === null)
          return { ok: false, code: 'TRANSACTION_ROLLED_BACK' };
        if (
          prior.kind !== 'BET' ||
          prior.player !== c.player ||
          prior.amount !== c.amount ||
          prior.round !== c.round
        ) {
          return { ok: false, code: 'DUPLICATE_TRANSACTION_MISMATCH' };
        }
        if (prior.rolledBack) return { ok: false, code: 'TRANSACTION_ROLLED_BACK' };
        return { ok: true, balance: prior.balanceAfter, user: c.player };
      }
      if (this.balances[c.player]! < c.amount) return { ok: false, code: 'INSUFFICIENT_FUNDS' };
      this.balances[c.player]! -= c.amount;
      this.posts++;
      const balanceAfter = this.balances[c.player]!;
      this.records.set(c.id, {
        kind: 'BET',
        player: c.player,
        amount: c.amount,
        round: c.round,
        rolledBack: false,
        balanceAfter,
      });
      return { ok: true, balance: balanceAfter, user: c.player };
    }
    if (c.type === 'win') {
      if (prior) {
        if (
          prior.kind !== 'WIN' ||
          prior.player !== c.player ||
          prior.amount !== c.amount ||
          prior.round !== c.round ||
          prior.ref !== c.ref
        ) {
          return { ok: false, code: 'DUPLICATE_TRANSACTION_MISMATCH' };
        }
        return { ok: true, balance: prior.balanceAfter, user: c.player };
      }
      if (c.ref !== undefined) {
        const bet = this.records.get(c.ref);
        if (!bet) return { ok: false, code: 'TRANSACTION_NOT_FOUND' };
        if (bet.kind === 'BET' && (bet.player === null || bet.rolledBack)) {
          return { ok: false, code: 'TRANSACTION_ROLLED_BACK' };
        }
        if (bet.kind !== 'BET' || bet.player !== c.player)
          return { ok: false, code: 'DUPLICATE_TRANSACTION_MISMATCH' };
      }
      this.balances[c.player]! += c.amount;
      this.posts++;
      const balanceAfter = this.balances[c.player]!;
      this.records.set(c.id, {
        kind: 'WIN',
        player: c.player,
        amount: c.amount,
        round: c.round,
        ref: c.ref,
        rolledBack: false,
        balanceAfter,
      });
      return { ok: true, balance: balanceAfter, user: c.player };
    }
    if (c.id === c.ref) return { ok: false, code: 'VALIDATION_ERROR' };
    if (prior) {
      if (prior.kind !== 'ROLLBACK' || prior.ref !== c.ref || prior.round !== c.round) {
        return { ok: false, code: 'DUPLICATE_TRANSACTION_MISMATCH' };
      }
      return { ok: true, balance: prior.balanceAfter, user: prior.player };
    }
    const bet = this.records.get(c.ref);
    let outcome: { balance: number | null; user: number | null };
    if (!bet) {
      // The tombstone: the bet is refused if it ever arrives.
      this.records.set(c.ref, {
        kind: 'BET',
        player: null,
        amount: 0,
        round: c.round,
        rolledBack: true,
        balanceAfter: null,
      });
      outcome = { balance: null, user: null };
    } else if (bet.kind !== 'BET') {
      return { ok: false, code: 'ROLLBACK_NOT_ALLOWED' };
    } else if (bet.player === null) {
      outcome = { balance: null, user: null };
    } else if (bet.rolledBack) {
      outcome = { balance: this.balances[bet.player]!, user: bet.player };
    } else {
      bet.rolledBack = true;
      this.balances[bet.player]! += bet.amount;
      this.posts++;
      outcome = { balance: this.balances[bet.player]!, user: bet.player };
    }
    this.records.set(c.id, {
      kind: 'ROLLBACK',
      player: outcome.user,
      amount: 0,
      round: c.round,
      ref: c.ref,
      rolledBack: false,
      balanceAfter: outcome.balance,
    });
    return { ok: true, ...outcome };
  }
}

describe('seamless wallet against a model', () => {
  let ctx: TestContext;
  let wallet: WalletService;
  beforeAll(async () => {
    ctx = await createTestApp();
    closePoolFully(ctx);
    wallet = ctx.app.wallet;
  });
  afterAll(() => ctx.close());

  it('keeps the ledger balanced, balances equal to the model and retries free of charge', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.constantFrom(0, 300, 1000, 2500), fc.constantFrom(0, 500, 2000)),
        fc.array(commandArb, { minLength: 1, maxLength: 30 }),
        async (initial, commands) => {
          runs++;
          // Fresh players and a fresh id space per run, on the one database.
          const prefix = randomUUID().slice(0, 8);
          const players = await Promise.all(initial.map((minor) => newPlayer(wallet, { minor })));
          const model = new Model([...initial]);
          const ledgerBefore = await countLedger(ctx.app.database.db);

          const send = async (c: Exclude<Command, { type: 'retry' | 'twice' }>): Promise<Outcome> => {
            const index = (p: number) => players[p]!;
            const toOutcome = (r: GameResult): Outcome => ({
              ok: true,
              balance: r.balance,
              user: r.userId === null ? null : players.findIndex((p) => p.userId === r.userId),
            });
            try {
              if (c.type === 'rollback') {
                return toOutcome(
                  await wallet.rollback({
                    providerCode: STUDIO_PROVIDER.code,
                    transactionId: `${prefix}-${c.id}`,
                    referenceTransactionId: `${prefix}-${c.ref}`,
                    roundId: c.round,
                  }),
                );
              }
              const p = index(c.player);
              const input = {
                providerCode: STUDIO_PROVIDER.code,
                transactionId: `${prefix}-${c.id}`,
                roundId: c.round,
                sessionToken: p.token,
                userId: p.userId,
                currency: p.currency,
                amount: c.amount,
                gameCode: 'roulette',
              };
              if (c.type === 'bet') return toOutcome(await wallet.bet(input));
              return toOutcome(
                await wallet.win({
                  ...input,
                  ...(c.ref ? { referenceTransactionId: `${prefix}-${c.ref}` } : {}),
                }),
              );
            } catch (err) {
              if (isWalletError(err)) return { ok: false, code: err.code };
              throw err;
            }
          };
          const done: Array<Exclude<Command, { type: 'retry' | 'twice' }>> = [];
          for (const command of commands) {
            if (command.type === 'retry') {
              const previous = done[done.length - 1 - (command.back % Math.max(done.length, 1))];
              if (!previous) continue;
              // A retry is answered like the first call was, or refused like it, and moves nothing.
              const expected = model.apply(previous);
              expect(await send(previous)).toEqual(expected);
              continue;
            }
            const call = command.type === 'twice' ? command.command : command;
            if (call.type === 'retry' || call.type === 'twice') continue;
            const expected = model.apply(call);
            if (command.type === 'twice') {
              const [a, b] = await Promise.all([send(call), send(call)]);
              expect(a).toEqual(expected);
              expect(b).toEqual(expected);
            } else {
              expect(await send(call)).toEqual(expected);
            }
            done.push(call);
          }

          const db = ctx.app.database.db;
          for (const [i, p] of players.entries()) {
            expect(await wallet.balanceOf(p.userId, 'USD')).toBe(model.balances[i]);
          }
          // One ledger transaction per accepted bet, win and refunding rollback; none for retries.
          expect(await countLedger(db)).toBe(ledgerBefore + model.posts);
          expect(await ledgerProblems(db)).toEqual(noProblems);
        },
      ),
      { numRuns: Number(process.env.WALLET_MODEL_RUNS ?? 60) },
    );
    expect(runs).toBeGreaterThan(0);
  }, 180_000);

  it('leaves no player row below zero even when written to directly (CHECK constraint)', async () => {
    const p = await newPlayer(wallet, { minor: 100 });
    await expect(
      query(ctx.app.database.db, sql`update wallet_accounts set balance = -1 where user_id = ${p.userId}`),
    ).rejects.toSatisfy((err) => pgErrorCode(err) === '23514');
  });
});
