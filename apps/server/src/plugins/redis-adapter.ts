import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Namespace, ServerOptions } from 'socket.io';
import { EnvError } from '../config/env.ts';

/**
 * Redis is an accelerator, never a single point of failure. At start an unreachable REDIS_URL stops the
 * start with one line; at run time an outage of any length only degrades what Redis carries:
 *
 * - ioredis reconnects forever (its default retryStrategy, at most 2 s apart), and the subscriber
 *   re-subscribes by itself (autoResubscribe), so the fan-out between processes resumes on its own;
 * - the adapter publishes without awaiting (`pubClient.publish(…)` in @socket.io/redis-adapter), so a
 *   failed publish would be an unhandled rejection, which stops the process (close-with-grace). The
 *   publisher therefore never queues (a pub/sub packet is worth nothing later: nobody is subscribed in the
 *   meantime, and replaying it after the outage would deliver stale events), drops what it cannot send
 *   while Redis is away, and catches every failure of what was in flight;
 * - the subscriber keeps its few (un)subscribe commands queued until Redis is back (maxRetriesPerRequest
 *   null), and none of their failures (at shutdown) goes unhandled either;
 * - questions to the other processes (fetchSockets, serverSideEmit with ack) count the processes first
 *   (PUBSUB NUMSUB): while Redis is away this process answers for itself alone rather than failing;
 * - one log line when Redis goes, one when it is back, whatever the number of reconnect attempts.
 */

/**
 * Watches the clients that serve one purpose (`degraded` names it): one warning when any of them loses
 * Redis, one line when all are back (with `summary()`, what happened meanwhile), however many reconnect
 * attempts fail in between.
 */
export function watchRedis(
  clients: Redis[],
  log: FastifyBaseLogger,
  degraded: string,
  summary: () => string = () => '',
) {
  const up = new Set<Redis>(clients.filter((client) => client.status === 'ready'));
  let state: 'starting' | 'up' | 'down' = up.size === clients.length ? 'up' : 'starting';
  let closing = false;
  for (const client of clients) {
    // ioredis reports every failed reconnect attempt here; the transitions below are what gets logged.
    client.on('error', () => {});
    client.on('ready', () => {
      up.add(client);
      if (up.size < clients.length) return;
      if (state === 'down') log.info(`Redis is back: ${degraded} resumed${summary()}`);
      state = 'up';
    });
    client.on('close', () => {
      up.delete(client);
      if (closing || state !== 'up') return;
      state = 'down';
      log.warn(`Redis connection lost: ${degraded} degraded until it is back; reconnecting`);
    });
  }
  return {
    /** Silences the watcher before the clients are closed on purpose. */
    closing() {
      closing = true;
    },
  };
}

/** Wraps the named commands of a client so that a rejection is handed to `failed`, never left unhandled. */
type Commands = Record<string, (...args: unknown[]) => Promise<unknown>>;

function guard(client: Redis, commands: readonly string[], failed: (err: Error) => void) {
  const target = client as unknown as Commands;
  for (const name of commands) {
    const original = target[name]?.bind(client);
    if (!original) throw new Error(`ioredis has no ${name} command`);
    target[name] = (...args: unknown[]) => {
      const sent = original(...args);
      sent.catch(failed);
      return sent;
    };
  }
}

/** The adapter, with the process count falling back to this process alone while Redis is away. */
class ResilientRedisAdapter extends RedisAdapter {
  override async serverCount(): Promise<number> {
    if ((this.pubClient as Redis).status !== 'ready') return 1;
    try {
      return await super.serverCount();
    } catch {
      return 1;
    }
  }
}

export interface RedisFanOut {
  /** For `io.adapter(…)`. */
  adapter: ServerOptions['adapter'];
  /** Quits both clients (after io.close()). */
  close(): Promise<void>;
}

/**
 * A socket.io Redis adapter on its own publisher and subscriber, connected before it is returned: an
 * unreachable REDIS_URL throws the one-line start error. `what` names the fan-out in the log lines.
 */
export async function connectRedisAdapter(
  url: string,
  log: FastifyBaseLogger,
  what: string,
  options: Partial<RedisAdapterOptions> = {},
): Promise<RedisFanOut> {
  const common: RedisOptions = { lazyConnect: true };
  // Nothing waits for a publish: fail at once (no offline queue), flush what was in flight when the
  // connection drops (0 retries) and resend none of it after the reconnect.
  const pub = new Redis(url, {
    ...common,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  });
  // Subscriptions are few and must hold: queue them until Redis answers, however long that takes.
  const sub = new Redis(url, { ...common, maxRetriesPerRequest: null });
  const clients = [pub, sub];

  let firstError: Error | undefined;
  const remember = (err: Error) => {
    firstError ??= err;
  };
  for (const client of clients) client.on('error', remember);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    for (const client of clients) client.disconnect();
    throw new EnvError(`Cannot reach Redis at REDIS_URL: ${(firstError ?? (error as Error)).message}`);
  }
  for (const client of clients) client.off('error', remember);

  // While Redis is away a publish is dropped before ioredis builds an error for it; what was in flight when
  // the connection dropped fails, and is caught.
  let dropped = 0;
  guard(pub, ['publish'], (err) => {
    dropped += 1;
    log.debug({ err }, `${what}: a publish failed`);
  });
  const publisher = pub as unknown as { publish: (...args: unknown[]) => Promise<unknown> };
  const publish = publisher.publish;
  publisher.publish = (...args) => {
    if (pub.status === 'ready') return publish(...args);
    dropped += 1;
    return Promise.resolve(0);
  };
  guard(sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], (err) =>
    log.debug({ err }, `${what}: a subscription command failed`),
  );
  const watch = watchRedis(clients, log, what, () => {
    const summary = dropped > 0 ? ` (${dropped} packet(s) for other processes dropped meanwhile)` : '';
    dropped = 0;
    return summary;
  });

  return {
    // socket.io constructs it (`new`) once per namespace.
    adapter: class extends ResilientRedisAdapter {
      constructor(nsp: Namespace) {
        super(nsp, pub, sub, options);
      }
    },
    async close() {
      watch.closing();
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
