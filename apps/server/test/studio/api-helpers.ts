import { randomUUID } from 'node:crypto';
import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { domainEvents } from '../../src/core/events/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { gameTransactions } from '../../src/modules/wallet/schema.ts';
import { createTestApp } from '../helpers/test-app.ts';

export const STUDIO = '/api/studio';

export async function createStudioTestApp(overrides: Record<string, string | undefined> = {}) {
  return createTestApp(overrides);
}

/** A player with money: USD (cents) and FREE_SPINS (units) deposited through the wallet. */
export async function createPlayer(app: FastifyInstance, funds: { usd?: number; freeSpins?: number } = {}) {
  const [user] = await app.database.db
    .insert(users)
    .values({ username: `player_${randomUUID().slice(0, 8)}`, passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('no user');
  await app.wallet.ensureAccounts(user.id);
  if (funds.usd)
    await app.wallet.deposit({ userId: user.id, currency: 'USD', amount: funds.usd, key: randomUUID() });
  if (funds.freeSpins)
    await app.wallet.deposit({
      userId: user.id,
      currency: 'FREE_SPINS',
      amount: funds.freeSpins,
      key: randomUUID(),
    });
  return { userId: user.id, username: user.username as string };
}

/** What the catalogue does: a wallet session, then the provider's launch url; returns the one-time code. */
export async function launch(
  app: FastifyInstance,
  userId: string,
  gameCode: string,
  currency: CurrencyCode = 'USD',
) {
  const { token } = await app.wallet.createGameSession({
    userId,
    gameCode,
    providerCode: STUDIO_PROVIDER_CODE,
    currency,
  });
  const provider = app.gameProviders.get(STUDIO_PROVIDER_CODE);
  if (!provider) throw new Error('studio provider not registered');
  const url = await provider.launchUrl({
    sessionToken: token,
    gameCode,
    currency,
    origin: 'http://platform.test',
  });
  const parsed = new URL(url);
  return { url, code: parsed.searchParams.get('launch') as string, walletSessionToken: token };
}

/** Launch and open a studio session in one go. */
export async function playerSession(
  app: FastifyInstance,
  gameCode: string,
  funds: { usd?: number; freeSpins?: number } = { usd: 100_00 },
) {
  const player = await createPlayer(app, funds);
  const { code } = await launch(app, player.userId, gameCode);
  const res = await app.inject({ method: 'POST', url: `${STUDIO}/session`, payload: { launch: code } });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const call = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
    app.inject({
      method,
      url: `${STUDIO}${path}`,
      headers: { authorization: `Bearer ${body.sessionToken}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...player, session: body, token: body.sessionToken as string, call };
}

export const usd = (userId: string, app: FastifyInstance) => app.wallet.balanceOf(userId, 'USD');

/** The wallet's game records of a round: bets and wins (amounts in cents), with their state. */
export async function walletRecords(app: FastifyInstance, roundId: string) {
  const rows = await app.database.db
    .select()
    .from(gameTransactions)
    .where(eq(gameTransactions.roundId, roundId));
  return rows.map((r) => ({
    kind: r.kind,
    amount: r.amount ?? 0,
    status: r.status,
    currency: r.currencyCode,
  }));
}

export const cents = (dollars: number) => Math.round(dollars * 100);

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The kinds of the wallet.moved events recorded for a round, in order. */
export async function movementsOf(app: FastifyInstance, roundId: string) {
  const rows = await app.database.db
    .select({ kind: sql<string>`${domainEvents.payload}->>'kind'` })
    .from(domainEvents)
    .where(
      and(
        eq(domainEvents.name, 'wallet.moved'),
        sql`${domainEvents.payload}->'game'->>'roundId' = ${roundId}`,
      ),
    )
    .orderBy(domainEvents.id);
  return rows.map((r) => r.kind);
}
