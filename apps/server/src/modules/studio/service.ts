/**
 * The studio's service: what the plugin, the routes and the live table call. It is put together
 * from small parts by concern: sessions (launch codes, bearer sessions), seeds (seed pairs and their
 * rotation), rounds (single-step games, history) and round steps (blackjack, video poker), all
 * moving money only through the wallet calls. The games' rules are @paws/studio-engine.
 */
import type { BaccaratBet, BlackjackAction, Fairness, KenoBet, SlotBet } from '@paws/contracts/studio';
import { isStudioApiGameCode, type StudioApiGameCode, type StudioRound } from '@paws/contracts/studio-api';
import type { Db } from '../../db/client.ts';
import type { WalletClient } from '../wallet/index.ts';
import { createStudioRecovery, type RecoveryReport } from './recovery.ts';
import { type RoundState, roundStates } from './round-checks.ts';
import { createRoundSteps } from './round-steps.ts';
import { createRounds, type RoundAnswer } from './rounds.ts';
import { createSeeds, type SeedRotationResult } from './seeds.ts';
import { createSessions, type LaunchInput, type OpenedSession, type StudioSession } from './sessions.ts';
import { createWalletCalls, type StudioLog, type StudioWalletCalls } from './wallet-calls.ts';

export { asAppError } from './rounds.ts';
export type { StudioSession } from './sessions.ts';

export const isApiGame = isStudioApiGameCode;

export interface StudioService extends StudioWalletCalls {
  /* Sessions */
  createLaunch(input: LaunchInput): Promise<string>;
  openSession(launch: string, host?: string): Promise<OpenedSession>;
  findSession(token: string | undefined): Promise<StudioSession | null>;
  /** The allowed host origin `host` names (the operator's faces), or a 400 on `field`. */
  hostOrigin(host: string, field?: string): string;

  /* Seeds */
  fairness(session: StudioSession): Promise<Fairness>;
  rotateSeed(session: StudioSession, clientSeed?: string): Promise<SeedRotationResult>;

  /* Rounds */
  playBaccaratRound(session: StudioSession, bet: BaccaratBet): Promise<RoundAnswer>;
  playKenoRound(session: StudioSession, bet: KenoBet): Promise<RoundAnswer>;
  spinSlot(session: StudioSession, bet: SlotBet): Promise<RoundAnswer>;
  dealBlackjack(session: StudioSession, amount: number): Promise<RoundAnswer>;
  blackjackAction(session: StudioSession, roundId: string, action: BlackjackAction): Promise<RoundAnswer>;
  dealVideoPoker(session: StudioSession, amount: number): Promise<RoundAnswer>;
  videoPokerDraw(session: StudioSession, roundId: string, held: boolean[]): Promise<RoundAnswer>;
  rounds(session: StudioSession, query: { game?: StudioApiGameCode; limit: number }): Promise<StudioRound[]>;

  /* Reconciliation and recovery */
  roundStates(roundIds: readonly string[]): Promise<Map<string, RoundState>>;
  /** Finishes or undoes rounds a stopped process left half-way (recovery.ts). */
  recover(): Promise<RecoveryReport>;
}

export interface StudioServiceOptions {
  db: Db;
  wallet: WalletClient;
  /** Origins allowed to host the game frame: the operator's faces (PLATFORM_URL, LANDING_URL). */
  hostOrigins?: readonly string[];
  now?: () => Date;
  log?: StudioLog;
  /** See MONEY_RECOVERY_GRACE_SECONDS. */
  recoveryGraceMs?: number;
}

export function createStudioService({
  db,
  wallet,
  hostOrigins = [],
  now = () => new Date(),
  log,
  recoveryGraceMs = 30_000,
}: StudioServiceOptions): StudioService {
  const money = createWalletCalls({ db, wallet, now, ...(log ? { log } : {}) });
  const seeds = createSeeds({ db, now });
  const sessions = createSessions({ db, wallet, now, hostOrigins, fairness: seeds.fairness });
  const rounds = createRounds({ db, seeds, money, now });
  const steps = createRoundSteps({ db, seeds, money, now });
  return {
    ...money,
    createLaunch: sessions.createLaunch,
    openSession: sessions.openSession,
    findSession: sessions.findSession,
    hostOrigin: sessions.hostOrigin,
    fairness: seeds.fairness,
    rotateSeed: seeds.rotateSeed,
    ...rounds,
    ...steps,
    roundStates: (roundIds) => roundStates(db, roundIds),
    recover: createStudioRecovery({ db, money, now, graceMs: recoveryGraceMs, ...(log ? { log } : {}) })
      .recover,
  };
}
