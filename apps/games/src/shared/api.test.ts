import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, StudioApi, sessionKey } from './api.ts';

const HASH = 'a'.repeat(64);
const sessionBody = (token: string) => ({
  sessionToken: token,
  game: 'blackjack',
  currency: 'USD',
  balance: 100,
  player: { username: 'demo' },
  fairness: { serverSeedHash: HASH, clientSeed: 'my-seed', nonce: 0 },
  hostOrigin: null,
});

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('studio api client', () => {
  it('trades the launch code for a session and keeps it for a reload with the same url', async () => {
    const storage = new MemoryStorage();
    const fetch = vi.fn(async () => json(201, sessionBody('tok-1')));
    const api = new StudioApi({ game: 'blackjack', fetch, storage, search: '?launch=code-1' });
    const session = await api.start();
    expect(session?.sessionToken).toBe('tok-1');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/studio/session');
    expect(JSON.parse(init.body as string)).toEqual({ launch: 'code-1' });
    expect(new Headers(init.headers).get('authorization')).toBeNull();
    expect(JSON.parse(storage.getItem(sessionKey('blackjack')) ?? '{}').launch).toBe('code-1');

    // Reload inside the frame: same (spent) code, no new call.
    const again = new StudioApi({ game: 'blackjack', fetch, storage, search: '?launch=code-1' });
    expect((await again.start())?.sessionToken).toBe('tok-1');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('passes the launch address’s host origin to the studio and keeps the origin it confirms', async () => {
    const storage = new MemoryStorage();
    const fetch = vi.fn(async () => json(201, { ...sessionBody('tok'), hostOrigin: 'http://platform.test' }));
    const search = `?${new URLSearchParams({ launch: 'code-1', host: 'http://platform.test' })}`;
    const api = new StudioApi({ game: 'blackjack', fetch, storage, search });
    expect((await api.start())?.hostOrigin).toBe('http://platform.test');
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ launch: 'code-1', host: 'http://platform.test' });
    // A reload inside the frame posts to the same origin without asking again.
    const again = new StudioApi({ game: 'blackjack', fetch, storage, search });
    expect((await again.start())?.hostOrigin).toBe('http://platform.test');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a new launch code replaces the stored session', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('old'), launch: 'code-1' }));
    const fetch = vi.fn(async () => json(201, sessionBody('new')));
    const api = new StudioApi({ game: 'blackjack', fetch, storage, search: '?launch=code-2' });
    expect((await api.start())?.sessionToken).toBe('new');
  });

  it('falls back to the stored session when a new code is refused, and is offline without either', async () => {
    const storage = new MemoryStorage();
    const refuse = vi.fn(async () =>
      json(400, { statusCode: 400, message: 'This game link has expired or was already used' }),
    );
    await expect(
      new StudioApi({ game: 'blackjack', fetch: refuse, storage, search: '?launch=x' }).start(),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'This game link has expired or was already used',
    });
    expect(await new StudioApi({ game: 'blackjack', fetch: refuse, storage, search: '' }).start()).toBeNull();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('kept'), launch: 'a' }));
    expect(
      (await new StudioApi({ game: 'blackjack', fetch: refuse, storage, search: '?launch=b' }).start())
        ?.sessionToken,
    ).toBe('kept');
  });

  it('ignores a stored session of another game or a damaged one', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('t'), game: 'loto' }));
    const fetch = vi.fn();
    expect(await new StudioApi({ game: 'blackjack', fetch, storage, search: '' }).start()).toBeNull();
    storage.setItem(sessionKey('blackjack'), '{not json');
    expect(await new StudioApi({ game: 'blackjack', fetch, storage, search: '' }).start()).toBeNull();
  });

  it('sends the bearer token and surfaces the server message and field', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('tok'), launch: null }));
    const fetch = vi.fn(async () =>
      json(400, { statusCode: 400, message: 'Insufficient funds', field: 'amount' }),
    );
    const api = new StudioApi({ game: 'blackjack', fetch, storage, search: '' });
    await api.start();
    const error = await api
      .request('POST', '/blackjack/deal', { amount: 5 }, z.object({}))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 400, message: 'Insufficient funds', field: 'amount' });
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok');
  });

  it('a 401 forgets the session and tells the page once', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('tok'), launch: null }));
    const fetch = vi.fn(async () => json(401, { statusCode: 401, message: 'Session expired' }));
    const api = new StudioApi({ game: 'blackjack', fetch, storage, search: '' });
    await api.start();
    const expired = vi.fn();
    api.onExpired = expired;
    await expect(api.request('GET', '/balance', undefined, z.object({}))).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(api.token).toBeNull();
    expect(storage.getItem(sessionKey('blackjack'))).toBeNull();
    await expect(api.request('GET', '/balance', undefined, z.object({}))).rejects.toMatchObject({
      message: 'Session required',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('validates answers with the contract schema (money codecs give cents) and reports network failures', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('tok'), launch: null }));
    const schema = z.object({
      stake: z.codec(z.number(), z.number().int(), {
        decode: (d) => Math.round(d * 100),
        encode: (c) => c / 100,
      }),
    });
    const ok = new StudioApi({
      game: 'blackjack',
      fetch: async () => json(200, { stake: 1.25 }),
      storage,
      search: '',
    });
    await ok.start();
    expect(await ok.request('GET', '/x', undefined, schema)).toEqual({ stake: 125 });
    const bad = new StudioApi({
      game: 'blackjack',
      fetch: async () => json(200, { stake: 'x' }),
      storage,
      search: '',
    });
    await bad.start();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(bad.request('GET', '/x', undefined, schema)).rejects.toMatchObject({
      message: 'Unexpected answer from the game server',
    });
    const down = new StudioApi({
      game: 'blackjack',
      fetch: async () => Promise.reject(new TypeError('fetch failed')),
      storage,
      search: '',
    });
    await down.start();
    await expect(down.request('GET', '/x', undefined, schema)).rejects.toMatchObject({ statusCode: 0 });
  });

  it('checks an answer against a schema picked from the lazily loaded contracts', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('tok'), launch: null }));
    const balance = new StudioApi({
      game: 'blackjack',
      fetch: async () => json(200, { balance: 12.5, currency: 'USD' }),
      storage,
      search: '',
    });
    await balance.start();
    expect(
      await balance.request('GET', '/balance', undefined, (schemas) => schemas.studioBalanceResponseSchema),
    ).toEqual({ balance: 12.5, currency: 'USD' });
    const wrong = new StudioApi({
      game: 'blackjack',
      fetch: async () => json(200, { balance: 'x' }),
      storage,
      search: '',
    });
    await wrong.start();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(
      wrong.request('GET', '/balance', undefined, (schemas) => schemas.studioBalanceResponseSchema),
    ).rejects.toMatchObject({ message: 'Unexpected answer from the game server' });
  });

  it('remembers the latest balance for the next reload', async () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey('blackjack'), JSON.stringify({ ...sessionBody('tok'), launch: 'l' }));
    const api = new StudioApi({ game: 'blackjack', fetch: vi.fn(), storage, search: '' });
    await api.start();
    api.remember({ balance: 42.5 });
    expect(JSON.parse(storage.getItem(sessionKey('blackjack')) ?? '{}').balance).toBe(42.5);
  });
});
