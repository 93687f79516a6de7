import type { Fairness } from '@paws/contracts/studio';
import type { StudioRound } from '@paws/contracts/studio-api';
import type { StoredSession, StudioApi } from './api.ts';
import type { GameMeta } from './games.ts';
import type { Sound } from './sound.ts';
import type { Wallet } from './wallet.ts';

/** What a game page gets from the shared frame (shell.ts startGame) and the panels read. */
export interface GameContext {
  meta: GameMeta;
  api: StudioApi;
  session: StoredSession | null;
  online: boolean;
  wallet: Wallet;
  sound: Sound;
  stage: HTMLElement;
  controls: HTMLElement;
  fairness: Fairness | null;
  /** Record a finished (or progressing) round: balance, fairness nonce, host page. */
  afterRound(round: StudioRound, balance: number): void;
  setBalance(balance: number): void;
  /** Ask the server for the balance (after a failed round that was previewed). */
  refreshBalance(): Promise<void>;
  /** Show an error from a call (toasts the server's message, e.g. 'Insufficient funds'). */
  fail(error: unknown): void;
  /** Ask the player to open the game from the lobby (offline page). */
  requireOnline(): boolean;
  /** Replace the fairness dialog's content (the live table has its own seed). */
  fairnessOverride: (() => Node) | null;
}
