import type { Db } from '../../db/client.ts';
import { createAuditChecks } from './audit-checks.ts';
import { createBetsAndWins } from './bets-and-wins.ts';
import { createGameSessions } from './game-sessions.ts';
import { createLedger } from './ledger.ts';
import { createWalletQueries } from './queries.ts';
import { createRollbacks } from './rollbacks.ts';
import { createRoundPostings } from './round-postings.ts';
import { createStatement } from './statement.ts';

export type { LedgerFindings, OpenBet } from './audit-checks.ts';
export type {
  BetInput,
  GameResult,
  RollbackInput,
  WinInput,
} from './game-call-records.ts';
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
export type { RoundPostingInput, RoundPostingResult } from './round-postings.ts';
export type { StatementLine } from './statement.ts';

export const DEFAULT_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface WalletServiceOptions {
  db: Db;
  now?: () => Date;
  sessionTtlMs?: number;
  /**
   * The clock identity's bans are read by (tests move it): a bet of a banned player is refused with
   * INVALID_SESSION, whatever its game session, until the ban ends or is lifted. Read by the bet's own statement.
   */
  banClock?: () => Date;
  /** How concurrent game calls are grouped (bets-and-wins.ts); the default suits a pool of a few connections. */
  batching?: { concurrency: number; maxBatch: number };
}

/** The wallet: postings (ledger), game sessions, the providers' game calls and the reads, over one database. */
export function createWalletService({
  db,
  now = () => new Date(),
  sessionTtlMs = DEFAULT_SESSION_TTL_MS,
  banClock = () => new Date(),
  batching,
}: WalletServiceOptions) {
  const ledger = createLedger({ db, now });
  const sessions = createGameSessions({ db, now, sessionTtlMs, ledger });
  const betsAndWins = createBetsAndWins({ db, now, banClock, ledger, batching });
  const games = { ...betsAndWins, ...createRollbacks({ db, now, ledger }) };
  const rounds = createRoundPostings({ db, ledger, calls: betsAndWins, batching });
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
    bet: games.bet,
    win: games.win,
    /** In process only: a bet, its provider's round and its known win, written together. */
    playRound: rounds.playRound,
    rollback: games.rollback,
    bets: queries.bets,
    /** Every posting on the player's accounts, newest first: the history's Transactions list. */
    statement: createStatement(db),
    playTotals: queries.playTotals,
    gameSessionHistory: queries.gameSessionHistory,
    systemBalances: queries.systemBalances,
    roundStakes: queries.roundStakes,
    /** What a page of the player's rounds paid back: the bet history's win column. */
    roundWins: queries.roundWins,
    getProvider: queries.getProvider,
    ledgerFindings: checks.ledgerFindings,
    openBets: checks.openBets,
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
