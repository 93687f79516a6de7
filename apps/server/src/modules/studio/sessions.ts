import { createHash, randomBytes } from 'node:crypto';
import { hostOriginOf } from '@paws/contracts/game-frame';
import type { Fairness } from '@paws/contracts/studio';
import { isStudioApiGameCode, type StudioApiGameCode, studioApiMessages } from '@paws/contracts/studio-api';
import { type CurrencyCode, currencyCodes } from '@paws/contracts/wallet';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { isWalletError, type WalletClient } from '../wallet/index.ts';
import { studioLaunches, studioSessions } from './schema.ts';

export const LAUNCH_TTL_MS = 2 * 60 * 1000;
export const SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** Sessions this process keeps in memory (a few hundred bytes each). */
const SESSION_CACHE_SIZE = 10_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export interface StudioSession {
  userId: string;
  username: string;
  game: StudioApiGameCode;
  currency: CurrencyCode;
  walletSessionToken: string;
  extraSessions: Record<string, string>;
  expiresAt: Date;
}

export interface LaunchInput {
  sessionToken: string;
  gameCode: string;
  currency: string;
  username: string;
  extraSessions?: Record<string, string>;
}

export interface OpenedSession {
  token: string;
  session: StudioSession;
  balance: number;
  /** Null for the live table, whose seed is the table's. */
  fairness: Fairness | null;
  /** The host page's origin the frame may post to, checked against the configured faces; null when not given. */
  hostOrigin: string | null;
}

/** Launch codes (one-time, 2 minutes) traded by the game page for a bearer session (4 hours). */
export interface StudioSessions {
  createLaunch(input: LaunchInput): Promise<string>;
  openSession(launch: string, host?: string): Promise<OpenedSession>;
  /** The session a bearer token names, or null when unknown or expired. */
  findSession(token: string | undefined): Promise<StudioSession | null>;
  /** The allowed host origin `host` names, or a 400 on `field` when it names none. */
  hostOrigin(host: string, field?: string): string;
}

export function createSessions({
  db,
  wallet,
  now,
  hostOrigins,
  fairness,
}: {
  db: Db;
  wallet: WalletClient;
  now: () => Date;
  /** Origins allowed to host the game frame (the operator's faces). */
  hostOrigins: readonly string[];
  fairness: (session: StudioSession) => Promise<Fairness>;
}): StudioSessions {
  // A session row never changes after it is written, and ends only by expiring: kept by token hash until then,
  // a page's calls read it once per process instead of at every spin.
  const known = new BoundedMap<string, StudioSession>(SESSION_CACHE_SIZE);

  function hostOrigin(host: string, field = 'host') {
    const origin = hostOriginOf(host);
    if (!origin || !hostOrigins.includes(origin)) throw badRequest('Unknown host page', field);
    return origin;
  }

  async function createLaunch(input: LaunchInput) {
    const code = newToken();
    await db.insert(studioLaunches).values({
      codeHash: sha256(code),
      sessionToken: input.sessionToken,
      gameCode: input.gameCode,
      currency: input.currency,
      username: input.username,
      extraSessions: input.extraSessions ?? {},
      expiresAt: new Date(now().getTime() + LAUNCH_TTL_MS),
    });
    return code;
  }

  async function openSession(launch: string, host?: string): Promise<OpenedSession> {
    // Checked before the code is spent: a tampered address must not burn the player's launch.
    const checkedHost = host === undefined ? null : hostOrigin(host);
    const at = now();
    const [row] = await db
      .update(studioLaunches)
      .set({ usedAt: at })
      .where(
        and(
          eq(studioLaunches.codeHash, sha256(launch)),
          isNull(studioLaunches.usedAt),
          sql`${studioLaunches.expiresAt} > ${at.toISOString()}`,
        ),
      )
      .returning();
    if (!row || !isStudioApiGameCode(row.gameCode)) throw unauthorized(studioApiMessages.launchInvalid);
    let auth: Awaited<ReturnType<WalletClient['authenticate']>>;
    try {
      auth = await wallet.authenticate({ sessionToken: row.sessionToken });
    } catch (err) {
      if (isWalletError(err)) throw unauthorized(studioApiMessages.launchInvalid);
      throw err;
    }
    const token = newToken();
    const session: StudioSession = {
      userId: auth.userId,
      username: row.username,
      game: row.gameCode,
      currency: auth.currency,
      walletSessionToken: row.sessionToken,
      extraSessions: row.extraSessions,
      expiresAt: new Date(at.getTime() + SESSION_TTL_MS),
    };
    const tokenHash = sha256(token);
    await db.insert(studioSessions).values({
      tokenHash,
      walletSessionToken: session.walletSessionToken,
      userId: session.userId,
      username: session.username,
      gameCode: session.game,
      currency: session.currency,
      extraSessions: session.extraSessions,
      expiresAt: session.expiresAt,
    });
    known.set(tokenHash, session);
    const fair = session.game === 'european-roulette' ? null : await fairness(session);
    return { token, session, balance: auth.balance, fairness: fair, hostOrigin: checkedHost };
  }

  async function findSession(token: string | undefined): Promise<StudioSession | null> {
    if (!token) return null;
    const tokenHash = sha256(token);
    const cached = known.get(tokenHash);
    if (cached) {
      if (cached.expiresAt > now()) return cached;
      known.delete(tokenHash);
      return null;
    }
    const [row] = await db.select().from(studioSessions).where(eq(studioSessions.tokenHash, tokenHash));
    if (!row || row.expiresAt <= now() || !isStudioApiGameCode(row.gameCode)) return null;
    if (!(currencyCodes as readonly string[]).includes(row.currency)) return null;
    const session: StudioSession = {
      userId: row.userId,
      username: row.username,
      game: row.gameCode,
      currency: row.currency as CurrencyCode,
      walletSessionToken: row.walletSessionToken,
      extraSessions: row.extraSessions,
      expiresAt: row.expiresAt,
    };
    known.set(tokenHash, session);
    return session;
  }

  return { createLaunch, openSession, findSession, hostOrigin };
}
