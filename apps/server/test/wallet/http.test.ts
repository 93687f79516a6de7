import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpWalletClient, createInProcessWalletClient } from '../../src/modules/wallet/client.ts';
import { isWalletError } from '../../src/modules/wallet/errors.ts';
import { walletProviders } from '../../src/modules/wallet/schema.ts';
import { createWalletService } from '../../src/modules/wallet/service.ts';
import { STUDIO_PROVIDER, signBody } from '../../src/modules/wallet/signature.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  closePoolFully,
  countLedger,
  ledgerProblems,
  newPlayer,
  noProblems,
  query,
  studioSecret,
  type TestContext,
  txId,
  walletCall,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  closePoolFully(ctx);
});
afterAll(() => ctx.close());

async function funded(minor = 100_00) {
  const player = await newPlayer(ctx.app.wallet, { minor });
  const bet = (id: string, amount: number, extra: Record<string, unknown> = {}) => ({
    transactionId: id,
    roundId: `round-${id}`,
    sessionToken: player.token,
    userId: player.userId,
    currency: 'USD',
    amount,
    gameCode: 'roulette',
    ...extra,
  });
  return { ...player, bet };
}

async function recorded(id: string) {
  const rows = await query(
    ctx.app.database.db,
    sql`select 1 from game_transactions where provider_code = ${STUDIO_PROVIDER.code} and external_id = ${id}`,
  );
  return rows.length;
}

describe('signature', () => {
  it('refuses unsigned, mis-signed and tampered calls with 401 and moves nothing', async () => {
    const p = await funded();
    const ledgerBefore = await countLedger(ctx.app.database.db);
    const id = txId('sig');
    const body = p.bet(id, 10);
    const payload = JSON.stringify(body);
    const refusals = [
      await walletCall(ctx, 'bet', body, { signature: null }),
      await walletCall(ctx, 'bet', body, { signature: 'not-hex' }),
      await walletCall(ctx, 'bet', body, { secret: 'somebody-elses-secret' }),
      await walletCall(ctx, 'bet', body, {
        // What the studio signed with before the wallet secret became a setting of its own.
        secret: 'a-secret-derived-from-another-server-SECRET-0123456789',
      }),
      // Signed for 10.00, sent for 0.01.
      await walletCall(ctx, 'bet', null, {
        raw: payload.replace('"amount":10', '"amount":0.01'),
        signature: signBody(studioSecret(ctx), payload),
      }),
      await walletCall(ctx, 'bet', body, { provider: 'no-such-provider' }),
      await walletCall(ctx, 'win', body, { signature: null }),
      await walletCall(
        ctx,
        'rollback',
        { transactionId: txId('rb'), referenceTransactionId: id, roundId: 'r' },
        {
          signature: null,
        },
      ),
      await walletCall(ctx, 'authenticate', { sessionToken: p.token }, { signature: null }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, message: 'Invalid signature' });
    }
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(100_00);
    expect(await countLedger(ctx.app.database.db)).toBe(ledgerBefore);
    expect(await recorded(id)).toBe(0);

    // The id was never taken: the properly signed call goes through.
    const ok = await walletCall(ctx, 'bet', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ transactionId: id, balance: 90, currency: 'USD', userId: p.userId });
  });

  it('refuses a call whose body is not JSON: 401 unsigned, 400 when signed', async () => {
    expect((await walletCall(ctx, 'bet', null, { raw: '{oops', signature: null })).statusCode).toBe(401);
    const signed = await walletCall(ctx, 'bet', null, { raw: '{oops' });
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
  });

  it('refuses a disabled provider', async () => {
    await ctx.app.database.db
      .insert(walletProviders)
      .values({ code: 'off-studio', name: 'Off', enabled: false });
    const p = await funded();
    const res = await walletCall(
      ctx,
      'authenticate',
      { sessionToken: p.token },
      {
        provider: 'off-studio',
        secret: ctx.env.STUDIO_WALLET_SECRET,
      },
    );
    expect(res.statusCode).toBe(401);
  });

  it('signs its answers with the same secret', async () => {
    const p = await funded();
    const res = await walletCall(ctx, 'authenticate', { sessionToken: p.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-signature']).toBe(signBody(studioSecret(ctx), res.body));
  });
});

describe('contract', () => {
  it('authenticates a session and reports the balance in decimals', async () => {
    const p = await funded(123_45);
    const res = await walletCall(ctx, 'authenticate', { sessionToken: p.token });
    expect(res.json()).toEqual({ userId: p.userId, currency: 'USD', balance: 123.45 });
    const balance = await walletCall(ctx, 'balance', {
      sessionToken: p.token,
      userId: p.userId,
      currency: 'USD',
    });
    expect(balance.json()).toEqual({ userId: p.userId, currency: 'USD', balance: 123.45 });
    const unknown = await walletCall(ctx, 'authenticate', { sessionToken: 'nope' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_SESSION' });
    const other = await funded();
    const wrongUser = await walletCall(ctx, 'balance', {
      sessionToken: p.token,
      userId: other.userId,
      currency: 'USD',
    });
    expect(wrongUser.json()).toMatchObject({ statusCode: 401, code: 'INVALID_SESSION' });
  });

  it('bets, wins and answers a retry with the first result', async () => {
    const p = await funded();
    const id = txId('bet');
    const first = await walletCall(ctx, 'bet', p.bet(id, 12.5));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ transactionId: id, balance: 87.5 });
    const retry = await walletCall(ctx, 'bet', p.bet(id, 12.5));
    expect(retry.json()).toEqual(first.json());
    const win = await walletCall(ctx, 'win', p.bet(txId('win'), 25, { referenceTransactionId: id }));
    expect(win.json()).toMatchObject({ balance: 112.5 });
    // Another call after the win: the retry still answers the balance of its own first time.
    expect((await walletCall(ctx, 'bet', p.bet(id, 12.5))).json()).toEqual(first.json());
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(112_50);
    expect(await ledgerProblems(ctx.app.database.db)).toEqual(noProblems);
  });

  it('refuses the same id with different data (409) and moves nothing', async () => {
    const p = await funded();
    const other = await funded();
    const id = txId('dup');
    await walletCall(ctx, 'bet', p.bet(id, 5));
    const variants = [p.bet(id, 6), { ...p.bet(id, 5), roundId: 'another-round' }, { ...other.bet(id, 5) }];
    for (const body of variants) {
      const res = await walletCall(ctx, 'bet', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, code: 'DUPLICATE_TRANSACTION_MISMATCH' });
    }
    const asWin = await walletCall(ctx, 'win', p.bet(id, 5));
    expect(asWin.json()).toMatchObject({ code: 'DUPLICATE_TRANSACTION_MISMATCH' });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(95_00);
    expect(await ctx.app.wallet.balanceOf(other.userId, 'USD')).toBe(100_00);
  });

  it('refuses a bet above the balance with INSUFFICIENT_FUNDS and the balance', async () => {
    const p = await funded(20_00);
    const res = await walletCall(ctx, 'bet', p.bet(txId('big'), 20.01));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      statusCode: 402,
      message: 'Insufficient funds',
      code: 'INSUFFICIENT_FUNDS',
      balance: 20,
      currency: 'USD',
    });
    expect((await walletCall(ctx, 'bet', p.bet(txId('exact'), 20))).json()).toMatchObject({ balance: 0 });
  });

  it('validates amounts: at most 2 places, whole free spins, not negative', async () => {
    const p = await funded();
    const threePlaces = await walletCall(ctx, 'bet', p.bet(txId('v'), 1.005));
    expect(threePlaces.statusCode).toBe(400);
    expect(threePlaces.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'amount' });
    expect((await walletCall(ctx, 'bet', p.bet(txId('v'), -1))).statusCode).toBe(400);
    const spins = await newPlayer(ctx.app.wallet, { currency: 'FREE_SPINS', gameCode: 'slot' });
    const half = await walletCall(ctx, 'bet', {
      transactionId: txId('fs'),
      roundId: 'r',
      sessionToken: spins.token,
      userId: spins.userId,
      currency: 'FREE_SPINS',
      amount: 0.5,
      gameCode: 'slot',
    });
    expect(half.json()).toMatchObject({ statusCode: 400, code: 'INVALID_AMOUNT', field: 'amount' });
  });

  it('rolls back a bet once, however many times it is asked', async () => {
    const p = await funded();
    const id = txId('rb-bet');
    await walletCall(ctx, 'bet', p.bet(id, 30));
    const rollbackId = txId('rb');
    const rollback = { transactionId: rollbackId, referenceTransactionId: id, roundId: `round-${id}` };
    const first = await walletCall(ctx, 'rollback', rollback);
    expect(first.json()).toMatchObject({ transactionId: rollbackId, userId: p.userId, balance: 100 });
    expect((await walletCall(ctx, 'rollback', rollback)).json()).toEqual(first.json());
    const again = await walletCall(ctx, 'rollback', { ...rollback, transactionId: txId('rb2') });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ balance: 100 });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(100_00);
    // The bet itself, retried, no longer stands; a win for it is refused.
    expect((await walletCall(ctx, 'bet', p.bet(id, 30))).json()).toMatchObject({
      code: 'TRANSACTION_ROLLED_BACK',
    });
    const win = await walletCall(ctx, 'win', p.bet(txId('w'), 60, { referenceTransactionId: id }));
    expect(win.json()).toMatchObject({ statusCode: 409, code: 'TRANSACTION_ROLLED_BACK' });
    // Only bets can be rolled back.
    const winId = txId('w-ok');
    await walletCall(ctx, 'win', p.bet(winId, 1));
    const wrong = await walletCall(ctx, 'rollback', {
      transactionId: txId('rb3'),
      referenceTransactionId: winId,
      roundId: 'r',
    });
    expect(wrong.json()).toMatchObject({ statusCode: 409, code: 'ROLLBACK_NOT_ALLOWED' });
  });

  it('remembers a rollback of an unknown bet and refuses the bet when it arrives', async () => {
    const p = await funded();
    const betId = txId('late');
    const ledgerBefore = await countLedger(ctx.app.database.db);
    const rollback = await walletCall(ctx, 'rollback', {
      transactionId: txId('early-rb'),
      referenceTransactionId: betId,
      roundId: 'r-late',
      userId: p.userId,
      currency: 'USD',
    });
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json()).toMatchObject({ userId: p.userId, balance: 100 });
    const anonymous = await walletCall(ctx, 'rollback', {
      transactionId: txId('early-rb2'),
      referenceTransactionId: txId('never'),
      roundId: 'r',
    });
    expect(anonymous.json()).toMatchObject({ userId: null, currency: null, balance: null });

    const late = await walletCall(ctx, 'bet', p.bet(betId, 10));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TRANSACTION_ROLLED_BACK' });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(100_00);
    expect(await countLedger(ctx.app.database.db)).toBe(ledgerBefore);
  });

  it('refuses bets once the session expired but still takes wins and rollbacks', async () => {
    // A second service on the same database, with a clock five hours back, opens the session and bets.
    const past = new Date(Date.now() - 5 * 60 * 60 * 1000);
    const earlier = createWalletService({ db: ctx.app.database.db, now: () => past });
    const p = await newPlayer(earlier, { minor: 100_00 });
    const bet = (id: string, amount: number) => ({
      transactionId: id,
      roundId: 'expiring',
      sessionToken: p.token,
      userId: p.userId,
      currency: 'USD',
      amount,
      gameCode: 'roulette',
    });
    const placed = txId('before-expiry');
    const refunded = txId('refund-me');
    await earlier.bet({ ...bet(placed, 10_00), currency: 'USD', providerCode: STUDIO_PROVIDER.code });
    await earlier.bet({ ...bet(refunded, 5_00), currency: 'USD', providerCode: STUDIO_PROVIDER.code });

    const refused = await walletCall(ctx, 'bet', bet(txId('after-expiry'), 1));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect((await walletCall(ctx, 'authenticate', { sessionToken: p.token })).json()).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    // A retry of a bet placed in time still answers as it did then.
    expect((await walletCall(ctx, 'bet', bet(placed, 10))).json()).toMatchObject({ balance: 90 });
    const win = await walletCall(ctx, 'win', {
      ...bet(txId('late-win'), 40),
      referenceTransactionId: placed,
    });
    expect(win.statusCode).toBe(200);
    expect(win.json()).toMatchObject({ balance: 125 });
    const rollback = await walletCall(ctx, 'rollback', {
      transactionId: txId('late-rb'),
      referenceTransactionId: refunded,
      roundId: 'expiring',
    });
    expect(rollback.json()).toMatchObject({ balance: 130 });
    expect(await ctx.app.wallet.balanceOf(p.userId, 'USD')).toBe(130_00);
  });
});

describe('clients', () => {
  it('the HTTP client signs calls, checks answers and turns refusals into WalletError', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createHttpWalletClient({
      baseUrl: address,
      providerCode: STUDIO_PROVIDER.code,
      secret: studioSecret(ctx),
    });
    try {
      const p = await funded(50_00);
      expect(await client.authenticate({ sessionToken: p.token })).toEqual({
        userId: p.userId,
        currency: 'USD',
        balance: 50,
      });
      const id = txId('http');
      const bet = await client.bet({ ...p.bet(id, 20), currency: 'USD' });
      expect(bet).toMatchObject({ transactionId: id, balance: 30 });
      const error = await client.bet({ ...p.bet(txId('http-big'), 31), currency: 'USD' }).catch((e) => e);
      expect(isWalletError(error, 'INSUFFICIENT_FUNDS')).toBe(true);
      expect(error.balance).toBe(30_00);

      const impostor = createHttpWalletClient({
        baseUrl: address,
        providerCode: STUDIO_PROVIDER.code,
        secret: 'x',
      });
      const refused = await impostor
        .balance({ sessionToken: p.token, userId: p.userId, currency: 'USD' })
        .catch((e) => e);
      expect(isWalletError(refused, 'INVALID_SIGNATURE')).toBe(true);
      await impostor.close?.();
    } finally {
      await client.close?.();
    }
  });

  it('the in-process client answers exactly like the HTTP contract', async () => {
    const client = createInProcessWalletClient(ctx.app.wallet, STUDIO_PROVIDER.code);
    const p = await funded(50_00);
    const id = txId('inproc');
    const direct = await client.bet({ ...p.bet(id, 20), currency: 'USD' });
    const overHttp = await walletCall(ctx, 'bet', p.bet(id, 20));
    expect(overHttp.json()).toEqual(direct);
    const error = await client.bet({ ...p.bet(txId('inproc-big'), 31), currency: 'USD' }).catch((e) => e);
    expect(isWalletError(error, 'INSUFFICIENT_FUNDS')).toBe(true);
    const invalid = await client
      .bet({ ...p.bet(txId('inproc-bad'), 1.234), currency: 'USD' })
      .catch((e) => e);
    expect(isWalletError(invalid, 'VALIDATION_ERROR')).toBe(true);
  });
});
