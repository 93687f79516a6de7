// bench:platform's HTTP client: one undici pool of keep-alive connections to HAProxy for every simulated
// player, each call timed and recorded under its kind. A player keeps its own cookies (the access token,
// HAProxy's PAWS_NODE stickiness cookie) and its own forwarded address, as a browser would.
import { Pool } from 'undici';
import type { Kind, Recorder } from './metrics.ts';

export interface Caller {
  cookie: string;
  /** HAProxy's stickiness cookie once the first answer set it. */
  node?: string;
  /** X-Forwarded-For: each player comes from an address of its own (rate limits are per address). */
  address: string;
  /** A studio session's bearer token, for the studio's routes. */
  bearer?: string;
}

export function httpClient(origin: string, recorder: Recorder) {
  const pool = new Pool(origin, {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 128),
    pipelining: 1,
    keepAliveTimeout: 60_000,
  });

  async function call<T>(
    kind: Kind,
    caller: Caller,
    method: 'GET' | 'POST',
    path: string,
    expected: number,
    body?: unknown,
    bearer = false,
  ): Promise<T | undefined> {
    const headers: Record<string, string> = {
      cookie: caller.node ? `${caller.cookie}; PAWS_NODE=${caller.node}` : caller.cookie,
      'x-forwarded-for': caller.address,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bearer && caller.bearer) headers.authorization = `Bearer ${caller.bearer}`;
    const started = performance.now();
    try {
      const res = await pool.request({
        path,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      const ms = performance.now() - started;
      const setCookie = res.headers['set-cookie'];
      const node = /PAWS_NODE=([^;]+)/.exec(
        Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? ''),
      );
      if (node) caller.node = node[1];
      if (res.statusCode !== expected) {
        recorder.fail(
          kind,
          `${method} ${path.split('?')[0]} answered ${res.statusCode}: ${text.slice(0, 160)}`,
        );
        return undefined;
      }
      recorder.add(kind, ms);
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (err) {
      recorder.fail(kind, `${method} ${path.split('?')[0]}: ${(err as Error).message}`);
      return undefined;
    }
  }
  return { call, close: () => pool.close() };
}
export type HttpClient = ReturnType<typeof httpClient>;
