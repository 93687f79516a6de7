import { randomBytes } from 'node:crypto';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { balanceOf } from './accounts.ts';
import { WalletError } from './errors.ts';
import type { Ledger } from './ledger.ts';
import { gameSessions } from './schema.ts';

export interface GameSessionInput {
  userId: string;
  gameCode: string;
  providerCode: string;
  currency: CurrencyCode;
  ttlMs?: number;
}

/** The session tokens a provider plays a player's game with, and the seamless wallet's launch calls. */
export function createGameSessions({
  db,
  now,
  sessionTtlMs,
  ledger,
}: {
  db: Db;
  now: () => Date;
  sessionTtlMs: number;
  ledger: Pick<Ledger, 'ensureAccounts'>;
}) {
  async function createGameSession(input: GameSessionInput) {
    await ledger.ensureAccounts(input.userId);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + (input.ttlMs ?? sessionTtlMs));
    const token = randomBytes(24).toString('base64url');
    await db.insert(gameSessions).values({
      token,
      userId: input.userId,
      gameCode: input.gameCode,
      providerCode: input.providerCode,
      currencyCode: input.currency,
      createdAt,
      expiresAt,
    });
    return { token, expiresAt };
  }

  async function findSession(providerCode: string, token: string) {
    const [session] = await db.select().from(gameSessions).where(eq(gameSessions.token, token));
    if (!session || session.providerCode !== providerCode) throw new WalletError('INVALID_SESSION');
    return session;
  }

  /** The launch handshake: who is playing, in which currency, with what balance. Refused once expired. */
  async function authenticate(input: { providerCode: string; sessionToken: string }) {
    const session = await findSession(input.providerCode, input.sessionToken);
    if (session.expiresAt <= now()) throw new WalletError('SESSION_EXPIRED');
    const currency = session.currencyCode;
    return {
      userId: session.userId,
      currency,
      gameCode: session.gameCode,
      balance: await balanceOf(db, session.userId, currency),
    };
  }

  async function balance(input: {
    providerCode: string;
    sessionToken: string;
    userId: string;
    currency: CurrencyCode;
  }) {
    const session = await findSession(input.providerCode, input.sessionToken);
    if (session.userId !== input.userId || session.currencyCode !== input.currency) {
      throw new WalletError('INVALID_SESSION');
    }
    return {
      userId: input.userId,
      currency: input.currency,
      balance: await balanceOf(db, input.userId, input.currency),
    };
  }

  return { createGameSession, authenticate, balance };
}
