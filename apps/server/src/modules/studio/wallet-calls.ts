import { type StudioApiGameCode, studioApiMessages } from '@paws/contracts/studio-api';
import { type CurrencyCode, fromMinor } from '@paws/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import {
  type ClientRoundInput,
  isWalletError,
  type RoundPostingResult,
  type WalletClient,
} from '../wallet/index.ts';
import { studioPendingDebits, studioRounds } from './schema.ts';
import type { StudioSession } from './sessions.ts';

/** Money through the seamless-wallet contract: the only way the studio moves a player's balance. */
export interface StudioWalletCalls {
  /** A debit; a refusal for lack of money becomes the API's 400 on `field`. Answers the new balance. */
  debit(input: DebitInput, field: string, insufficientMessage?: string): Promise<number>;
  /** Credits a win; retried (same transaction id, so at most once) before giving up. */
  credit(input: CreditInput): Promise<number>;
  /** Rolls a bet back; a failure is logged, never thrown (the wallet reconciles a missing rollback). */
  refund(betTransactionId: string, roundId: string, userId: string, currency: CurrencyCode): Promise<void>;
  walletBalance(session: Pick<StudioSession, 'walletSessionToken' | 'userId' | 'currency'>): Promise<number>;
  /**
   * With the wallet in process only: the bet, the round's own writes and its win committed together, so no
   * intent is needed. Refusals as debit's. Amounts in cents; the balance answered is in cents too.
   */
  playRound?(input: ClientRoundInput, field: string): Promise<RoundPostingResult>;
}

/** A wallet refusal as the studio's API answers it: no money on `field`, or the session gone. */
function asStudioRefusal(err: unknown, field: string, insufficientMessage: string): unknown {
  if (isWalletError(err, 'INSUFFICIENT_FUNDS')) return badRequest(insufficientMessage, field);
  if (isWalletError(err, 'SESSION_EXPIRED')) return unauthorized(studioApiMessages.sessionExpired);
  // The player's own loss or wager limit: its message names the limit, and the game page shows it.
  if (isWalletError(err, 'LIMIT_REACHED')) return new AppError(403, err.message, field);
  return err;
}

export interface DebitInput {
  transactionId: string;
  roundId: string;
  sessionToken: string;
  userId: string;
  currency: CurrencyCode;
  cents: number;
  game: StudioApiGameCode;
  /** For a later step's extra stake: the step it is for and its action (see studioPendingDebits). */
  step?: { index: number; action: string };
}

export interface CreditInput extends DebitInput {
  referenceTransactionId?: string;
}

export interface StudioLog {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export function createWalletCalls({
  db,
  wallet,
  now,
  log,
}: {
  db: Db;
  wallet: WalletClient;
  now: () => Date;
  log?: StudioLog;
}): StudioWalletCalls {
  const toWallet = (cents: number, currency: CurrencyCode) => fromMinor(cents, currency);

  async function debit(
    input: DebitInput,
    field: string,
    insufficientMessage: string = studioApiMessages.insufficientFunds,
  ) {
    // The intent first: if the process stops after the wallet took the money, recovery finds it.
    await db
      .insert(studioPendingDebits)
      .values({
        transactionId: input.transactionId,
        roundId: input.roundId,
        userId: input.userId,
        currency: input.currency,
        step: input.step?.index ?? null,
        action: input.step?.action ?? null,
      })
      .onConflictDoNothing();
    try {
      const r = await wallet.bet({
        transactionId: input.transactionId,
        roundId: input.roundId,
        sessionToken: input.sessionToken,
        userId: input.userId,
        currency: input.currency,
        amount: toWallet(input.cents, input.currency),
        gameCode: input.game,
      });
      return r.balance as number;
    } catch (err) {
      // A refusal moved nothing; anything else (a timeout, a dropped connection) may have: recovery decides.
      if (err instanceof AppError && err.statusCode < 500) await settled(input.transactionId);
      throw asStudioRefusal(err, field, insufficientMessage);
    }
  }

  async function credit(input: CreditInput) {
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const r = await wallet.win({
          transactionId: input.transactionId,
          ...(input.referenceTransactionId ? { referenceTransactionId: input.referenceTransactionId } : {}),
          roundId: input.roundId,
          sessionToken: input.sessionToken,
          userId: input.userId,
          currency: input.currency,
          amount: toWallet(input.cents, input.currency),
          gameCode: input.game,
        });
        await db.update(studioRounds).set({ paidAt: now() }).where(eq(studioRounds.id, input.roundId));
        return r.balance as number;
      } catch (err) {
        lastError = err;
        if (err instanceof AppError && err.statusCode < 500) break;
      }
    }
    log?.error({ err: lastError, roundId: input.roundId }, 'studio win not credited');
    throw lastError;
  }

  async function refund(betTransactionId: string, roundId: string, userId: string, currency: CurrencyCode) {
    try {
      await wallet.rollback({
        transactionId: `${betTransactionId}:rollback`,
        referenceTransactionId: betTransactionId,
        roundId,
        userId,
        currency,
      });
      await settled(betTransactionId);
    } catch (err) {
      log?.error({ err, roundId, betTransactionId }, 'studio rollback failed');
    }
  }

  async function settled(transactionId: string) {
    await db.delete(studioPendingDebits).where(eq(studioPendingDebits.transactionId, transactionId));
  }

  async function walletBalance(session: Pick<StudioSession, 'walletSessionToken' | 'userId' | 'currency'>) {
    const r = await wallet.balance({
      sessionToken: session.walletSessionToken,
      userId: session.userId,
      currency: session.currency,
    });
    return r.balance;
  }

  const playRound = wallet.playRound?.bind(wallet);
  return {
    debit,
    credit,
    refund,
    walletBalance,
    ...(playRound && {
      async playRound(input: ClientRoundInput, field: string) {
        try {
          return await playRound(input);
        } catch (err) {
          throw asStudioRefusal(err, field, studioApiMessages.insufficientFunds);
        }
      },
    }),
  };
}
