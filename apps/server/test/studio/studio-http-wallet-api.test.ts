import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, createStudioTestApp, playerSession, usd, walletRecords } from './api-helpers.ts';

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

let t: Awaited<ReturnType<typeof createStudioTestApp>>;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createStudioTestApp({ STUDIO_WALLET_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('studio over the signed HTTP wallet (STUDIO_WALLET_URL)', () => {
  it('opens a session and plays rounds through the HTTP contract', async () => {
    const calls: string[] = [];
    t.app.server.on('request', (request: { url?: string }) => {
      if (request.url?.startsWith('/api/wallet/')) calls.push(request.url);
    });
    const p = await playerSession(t.app, 'loto');
    expect(p.session.balance).toBe(100);
    const before = await usd(p.userId, t.app);
    const res = await p.call('POST', '/loto/play', { picks: [3, 33, 63], amount: 1.5 });
    expect(res.statusCode, res.body).toBe(201);
    const { round, balance } = res.json();
    expect(await usd(p.userId, t.app)).toBe(before - 150 + cents(round.payout));
    expect(cents(balance)).toBe(before - 150 + cents(round.payout));
    const records = await walletRecords(t.app, round.id);
    expect(records.filter((r) => r.kind === 'BET').map((r) => r.amount)).toEqual([150]);
    const refused = await p.call('POST', '/loto/play', { picks: [3], amount: 5000 });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: 'Insufficient funds', field: 'amount' });
    expect(calls.some((c) => c.endsWith('/paws-studio/bet'))).toBe(true);
    expect(calls.some((c) => c.endsWith('/paws-studio/authenticate'))).toBe(true);
  });
});
