import { authServerMessages } from '@paws/contracts/auth';
import type { Db } from '../../db/client.ts';
import { createAuditChecks } from './audit-checks.ts';
import { WalletError } from './errors.ts';
import { type BetInput, createGameCalls, type GameResult } from './game-calls.ts';
import { createGameSessions } from './game-sessions.ts';
import { createLedger } from './ledger.ts';
import { createWalletQueries } from './queries.ts';

export type { LedgerFindings, OpenBet } from './audit-checks.ts';
export type {
  BetInput,
  GameResult,
  RollbackInput,
  WinInput,
} from './game-calls.ts';
export type { GameSessionInput } from './game-sessions.ts';
export {
  type LedgerKind,
  type MovementResult,
  type PlayerMovementInput,
  type SystemAccountCode,
  systemAccountCodes,
  type WalletMovement,
} from './ledger.ts';
export type { PageQuery } from './queries.ts';

export const DEFAULT_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface WalletServiceOptions {
  db: Db;
  now?: () => Date;
  sessionTtlMs?: number;
  /**
   * Whether the player may not bet now (identity's ban): a bet of a banned player is refused with
   * INVALID_SESSION, whatever its game session, until the ban ends or is lifted.
   */
  isBanned?: (userId: string) => Promise<boolean>;
}

/** The wallet: postings (ledger), game sessions, the providers' game calls and the reads, over one database. */
export function createWalletService({
  db,
  now = () => new Date(),
  sessionTtlMs = DEFAULT_SESSION_TTL_MS,
  isBanned,
}: WalletServiceOptions) {
  const ledger = createLedger({ db, now });
  const sessions = createGameSessions({ db, now, sessionTtlMs, ledger });
  const games = createGameCalls({ db, now, ledger });
  const queries = createWalletQueries({ db, ready: ledger.ready });
  const checks = createAuditChecks(db);

  return {
    ready: ledger.ready,
    ensureAccounts: (userId: string) => ledger.ensureAccounts(userId),
    balances: queries.balances,
    balanceOf: queries.balanceOf,
    deposit: ledger.deposit,
    withdrawHold: ledger.withdrawHold,
    withdrawSettle: ledger.withdrawSettle,
    withdrawRelease: ledger.withdrawRelease,
    bonusCredit: ledger.bonusCredit,
    adjust: ledger.adjust,
    createGameSession: sessions.createGameSession,
    authenticate: sessions.authenticate,
    balance: sessions.balance,
    async bet(input: BetInput): Promise<GameResult> {
      if (await isBanned?.(input.userId))
        throw new WalletError('INVALID_SESSION', { message: authServerMessages.banned });
      return games.bet(input);
    },
    win: games.win,
    rollback: games.rollback,
    bets: queries.bets,
    playTotals: queries.playTotals,
    gameSessionHistory: queries.gameSessionHistory,
    systemBalances: queries.systemBalances,
    roundStake: queries.roundStake,
    getProvider: queries.getProvider,
    ledgerFindings: checks.ledgerFindings,
    openBets: checks.openBets,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
