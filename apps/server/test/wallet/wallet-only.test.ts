import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/config/env.ts';
import { createDatabase } from '../../src/db/client.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  closePoolFully,
  ledgerProblems,
  newPlayer,
  noProblems,
  type TestContext,
  txId,
  walletCall,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SERVICES: 'wallet' });
  closePoolFully(ctx);
});
afterAll(() => ctx.close());

describe('SERVICES=wallet', () => {
  it('serves the signed seamless-wallet API and moves money through the ledger', async () => {
    const player = await newPlayer(ctx.app.wallet, { minor: 10_00 });
    const id = txId('only');
    const res = await walletCall(ctx, 'bet', {
      transactionId: id,
      roundId: id,
      sessionToken: player.token,
      userId: player.userId,
      currency: 'USD',
      amount: 2.5,
      gameCode: 'roulette',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transactionId: id, balance: 7.5 });
    expect(res.headers['x-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it('answers health, and none of the player-facing routes, browser headers or demo data', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const readyz = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(readyz.statusCode).toBe(200);
    expect(readyz.headers['content-security-policy']).toBeUndefined();
    const identity = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/auth/login',
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(identity.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(404);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 20 and refuses a bad value naming the variable', () => {
    expect(parseEnv({}).DATABASE_POOL_SIZE).toBe(20);
    expect(parseEnv({ DATABASE_POOL_SIZE: '4' }).DATABASE_POOL_SIZE).toBe(4);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: '0' })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('sizes the node-postgres pool', async () => {
    const database = createDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 3 });
    try {
      expect((database.db as unknown as { $client: { options: { max: number } } }).$client.options.max).toBe(
        3,
      );
    } finally {
      await database.close();
    }
  });
});
