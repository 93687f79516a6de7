import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { spinRound } from '@paws/studio-engine/games/roulette';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, createStudioTestApp, playerSession, STUDIO, usd, walletRecords } from './api-helpers.ts';

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
let origin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createStudioTestApp();
  await t.app.studio.table.restart({ bettingMs: 800, spinningMs: 300, resultMs: 300, rotateEvery: 2 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

function open(sessionToken?: string) {
  const socket = connect(`${origin}/roulette`, {
    transports: ['websocket'],
    auth: sessionToken ? { sessionToken } : {},
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

function next<T>(socket: Socket, event: string, accept: (payload: T) => boolean = () => true, ms = 5000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

interface Table {
  roundNumber: number;
  phase: 'BETTING' | 'SPINNING' | 'RESULT';
  phaseEndsAt: string;
  serverSeedHash: string;
  lastResults: { roundNumber: number; number: number; color: string }[];
}

describe('live roulette table', () => {
  it('is driven by this process (PGlite: the only one)', () => {
    expect(t.app.studio.table.driving).toBe(true);
  });

  it('refuses a socket without a studio session', async () => {
    const socket = open();
    const err = await new Promise<Error & { data?: unknown }>((resolve) =>
      socket.on('connect_error', resolve),
    );
    expect(err.data).toEqual({ statusCode: 4001 });
  });

  it('broadcasts the table, takes bets while betting is open, settles them and says so to the player', async () => {
    const p = await playerSession(t.app, 'european-roulette');
    expect(p.session.fairness.clientSeed).toBe('paws-live-roulette');
    const socket = open(p.token);
    const first = await next<Table>(socket, 'table');
    expect(first.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    // A fresh betting window, with time left to bet.
    const betting = await next<Table>(
      socket,
      'table',
      (s) => s.phase === 'BETTING' && new Date(s.phaseEndsAt).getTime() - Date.now() > 400,
    );
    const state = await t.app.inject({ method: 'GET', url: `${STUDIO}/european-roulette/state` });
    expect(state.json()).toMatchObject({ roundNumber: betting.roundNumber, phase: 'BETTING' });

    const before = await usd(p.userId, t.app);
    const result = next<{ roundNumber: number; number: number; color: string; serverSeed?: string }>(
      socket,
      'result',
      (r) => r.roundNumber === betting.roundNumber,
    );
    const settled = next<{
      roundNumber: number;
      totalStake: number;
      totalPayout: number;
      balance: number;
      bets: unknown[];
    }>(socket, 'settled', (s) => s.roundNumber === betting.roundNumber);
    const bet = await p.call('POST', '/european-roulette/bets', {
      roundNumber: betting.roundNumber,
      bets: [
        { type: 'red', amount: 1 },
        { type: 'straight', numbers: [17], amount: 0.5 },
        { type: 'dozen', dozen: 2, amount: 2 },
      ],
    });
    expect(bet.statusCode, bet.body).toBe(201);
    expect(bet.json()).toEqual({ accepted: true, balance: (before - 350) / 100 });

    const spun = await result;
    const s = await settled;
    expect(s.totalStake).toBe(3.5);
    expect(s.bets).toHaveLength(3);
    const after = await usd(p.userId, t.app);
    expect(after).toBe(before - 350 + cents(s.totalPayout));
    expect(cents(s.balance)).toBe(after);
    const expected =
      (spun.color === 'red' ? 200 : 0) +
      (spun.number === 17 ? 1800 : 0) +
      (spun.number >= 13 && spun.number <= 24 ? 600 : 0);
    expect(cents(s.totalPayout)).toBe(expected);

    const rounds = (await p.call('GET', '/rounds?game=european-roulette')).json().rounds;
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({
      game: 'european-roulette',
      nonce: betting.roundNumber,
      stake: 3.5,
      payout: s.totalPayout,
      finished: true,
      result: { number: spun.number },
    });
    const records = await walletRecords(t.app, rounds[0].id);
    expect(records.filter((r) => r.kind === 'BET').map((r) => r.amount)).toEqual([350]);
    expect(records.filter((r) => r.kind === 'WIN').reduce((a, r) => a + r.amount, 0)).toBe(expected);

    // The table seed is revealed at rotation (every 2 rounds here) and draws every round it covered.
    const reveal = spun.serverSeed
      ? spun
      : await next<{ roundNumber: number; number: number; serverSeed?: string }>(
          socket,
          'result',
          (r) => !!r.serverSeed,
          5000,
        );
    const seed = reveal.serverSeed as string;
    expect(spinRound(seed, reveal.roundNumber).number).toBe(reveal.number);
    if (reveal === spun) expect(createHash('sha256').update(seed).digest('hex')).toBe(betting.serverSeedHash);
    const v = await t.app.inject({
      method: 'POST',
      url: `${STUDIO}/verify`,
      payload: {
        game: 'european-roulette',
        serverSeed: seed,
        clientSeed: 'paws-live-roulette',
        nonce: reveal.roundNumber,
      },
    });
    expect(v.json().result).toEqual({
      roundNumber: reveal.roundNumber,
      number: reveal.number,
      color: expect.any(String),
    });
  });

  it('refuses a bet once betting has closed, moving no money', async () => {
    const p = await playerSession(t.app, 'european-roulette');
    const socket = open(p.token);
    const spinning = await next<Table>(socket, 'table', (s) => s.phase === 'SPINNING');
    const before = await usd(p.userId, t.app);
    const late = await p.call('POST', '/european-roulette/bets', {
      roundNumber: spinning.roundNumber,
      bets: [{ type: 'black', amount: 1 }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Betting is closed');
    const unknown = await p.call('POST', '/european-roulette/bets', {
      roundNumber: spinning.roundNumber + 50,
      bets: [{ type: 'black', amount: 1 }],
    });
    expect(unknown.json().message).toBe('Betting is closed');
    expect(await usd(p.userId, t.app)).toBe(before);
    expect((await t.app.wallet.bets(p.userId)).count).toBe(0);
  });

  it('refuses a bet larger than the balance and a malformed bet', async () => {
    const p = await playerSession(t.app, 'european-roulette', { usd: 1_00 });
    const socket = open(p.token);
    const betting = await next<Table>(
      socket,
      'table',
      (s) => s.phase === 'BETTING' && new Date(s.phaseEndsAt).getTime() - Date.now() > 400,
    );
    const big = await p.call('POST', '/european-roulette/bets', {
      roundNumber: betting.roundNumber,
      bets: [{ type: 'odd', amount: 2 }],
    });
    expect(big.json()).toEqual({ statusCode: 400, message: 'Insufficient funds', field: 'amount' });
    const shape = await p.call('POST', '/european-roulette/bets', {
      roundNumber: betting.roundNumber,
      bets: [{ type: 'split', numbers: [1, 5], amount: 1 }],
    });
    expect(shape.statusCode).toBe(400);
    expect(await usd(p.userId, t.app)).toBe(1_00);
  });
});
