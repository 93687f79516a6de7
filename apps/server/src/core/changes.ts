import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DbOrTx } from '../db/client.ts';

/** Data that readers cache in process and that a write makes stale, in every process. */
export type ChangeTopic = 'catalog' | 'news';
/** Data cached per key (the payload names the key), by the channel its triggers notify on. */
const KEYED_CHANNELS = {
  /** An account (its id) whose session check may have changed: migration 0035's triggers. */
  account: 'paws_identity',
} as const;
export type KeyedTopic = keyof typeof KEYED_CHANNELS;

const TOPICS = 'paws_changes';
/** A settling process asks every feed to answer once it has heard everything committed before (a token). */
const BARRIER = 'paws_feed_barrier';
/** A feed's answer to a barrier: `<token> <its backend pid>`. */
const ACK = 'paws_feed_ack';
/** How every feed's connection is named, so that a settling process can find them all. */
export const FEED_APPLICATION_NAME = 'paws-change-feed';
const RECONNECT_MS = 1_000;
const FEED_PIDS =
  'select pid from pg_stat_activity where application_name = $1 and datname = current_database()';

export interface ChangeFeedOptions {
  /** How long a settle waits for a feed's answer before cutting its connection (which empties its caches). */
  settleTimeoutMs?: number;
}

interface Barrier {
  waiting: Set<number>;
  done: () => void;
}

/**
 * Change notices for in-process read caches, one feed per process: a write announces its change in its own
 * transaction (NOTIFY, delivered when it commits and only if it commits) and every process's listeners run.
 * On PostgreSQL each process listens on one connection of its own; while it is down the feed is not live
 * (listeners of liveness bypass their caches) and every listener runs when it is lost and when it is back
 * (notices may have been missed). `settle()` returns once every process's feed has heard everything
 * committed before it (a barrier notice every feed answers; NOTIFY delivers in commit order); a feed that does
 * not answer in time has its connection cut, which empties that process's caches. The embedded database has
 * one process and delivers before the committing statement returns, so there settling is immediate. Rare
 * writes only for topics (staff edits, likes): a notifying commit takes a global lock.
 */
export function createChangeFeed(
  database: Database,
  log: FastifyBaseLogger,
  options: ChangeFeedOptions = {},
) {
  const settleTimeoutMs = options.settleTimeoutMs ?? 1_000;
  const topicListeners = new Map<ChangeTopic, Set<() => void>>();
  const keyListeners = new Map<string, Set<(key: string) => void>>();
  const livenessListeners = new Set<(live: boolean) => void>();
  const barriers = new Map<string, Barrier>();
  let client: pg.Client | undefined;
  let ownPid: number | undefined;
  let unlistens: (() => Promise<void>)[] = [];
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function run(topic: ChangeTopic) {
    for (const listener of topicListeners.get(topic) ?? []) listener();
  }
  function setLive(live: boolean) {
    for (const listener of livenessListeners) listener(live);
    for (const topic of topicListeners.keys()) run(topic);
  }
  function onTopic(payload: string | undefined) {
    if (payload && topicListeners.has(payload as ChangeTopic)) run(payload as ChangeTopic);
  }
  function onKey(channel: string, key: string) {
    for (const listener of keyListeners.get(channel) ?? []) listener(key);
  }
  function onAck(payload: string) {
    const [token, pid] = payload.split(' ');
    const barrier = barriers.get(token ?? '');
    if (!barrier) return;
    barrier.waiting.delete(Number(pid));
    if (barrier.waiting.size === 0) barrier.done();
  }

  function onNotification(connection: pg.Client, { channel, payload = '' }: pg.Notification) {
    if (channel === TOPICS) return onTopic(payload);
    if (channel === ACK) return onAck(payload);
    // Answered on the feed's own connection, after every notice before the barrier was handled.
    if (channel === BARRIER)
      return void connection.query('select pg_notify($1, $2)', [ACK, `${payload} ${ownPid}`]).catch(() => {});
    onKey(channel, payload);
  }

  async function listenOnPostgres(url: string) {
    const connection = new pg.Client({ connectionString: url, application_name: FEED_APPLICATION_NAME });
    const lost = () => {
      if (client !== connection) return;
      client = undefined;
      connection.end().catch(() => {});
      setLive(false);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    connection.on('error', (err) => {
      log.warn({ err }, 'change feed connection lost; caches are bypassed until it is back');
      lost();
    });
    connection.on('end', lost);
    connection.on('notification', (message) => onNotification(connection, message));
    await connection.connect();
    const channels = [TOPICS, BARRIER, ACK, ...Object.values(KEYED_CHANNELS)];
    await connection.query(channels.map((channel) => `listen ${channel};`).join(' '));
    ownPid = (await connection.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    client = connection;
  }

  async function listenEmbedded(pglite: NonNullable<Database['pglite']>) {
    unlistens.push(await pglite.listen(TOPICS, onTopic));
    for (const channel of Object.values(KEYED_CHANNELS)) {
      unlistens.push(await pglite.listen(channel, (key) => onKey(channel, key)));
    }
  }

  async function connect() {
    if (stopped) return;
    try {
      if (database.kind === 'postgres' && database.url) await listenOnPostgres(database.url);
      else if (database.pglite) await listenEmbedded(database.pglite);
      else return;
      // What changed while no one listened.
      setLive(true);
    } catch (err) {
      log.warn({ err }, 'change feed could not listen; trying again');
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  }

  /** Ends the feed connections of `pids`: each of those processes empties its caches and bypasses them until back. */
  async function cut(via: pg.Client, pids: number[]) {
    if (pids.length === 0) return;
    log.warn({ pids }, 'change feeds did not hear a change in time; cutting them off');
    await via.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  }

  /** Without its own feed this process cannot hear the answers: it cuts every feed instead. */
  async function cutAll(url: string) {
    const once = new pg.Client({ connectionString: url });
    await once.connect();
    try {
      const { rows } = await once.query<{ pid: number }>(FEED_PIDS, [FEED_APPLICATION_NAME]);
      await cut(
        once,
        rows.map((row) => row.pid),
      );
    } finally {
      await once.end().catch(() => {});
    }
  }

  async function settle() {
    if (database.kind !== 'postgres' || !database.url) return;
    const connection = client;
    if (!connection) return cutAll(database.url);
    const { rows } = await connection.query<{ pid: number }>(FEED_PIDS, [FEED_APPLICATION_NAME]);
    const token = randomUUID();
    const waiting = new Set(rows.map((row) => row.pid));
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      barriers.set(token, { waiting, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), settleTimeoutMs);
    });
    try {
      await connection.query('select pg_notify($1, $2)', [BARRIER, token]);
      if (waiting.size > 0 && !(await answered)) await cut(connection, [...waiting]);
    } finally {
      clearTimeout(timer);
      barriers.delete(token);
    }
  }

  return {
    /** Announces, within `tx` (the write's own transaction), that `topic`'s data changed. */
    async announce(tx: DbOrTx, topic: ChangeTopic) {
      await tx.execute(sql`select pg_notify(${TOPICS}, ${topic})`);
    },
    /** After a write has committed (or one that needs no transaction): announces it and runs this process's listeners. */
    async changed(topic: ChangeTopic) {
      await database.db.execute(sql`select pg_notify(${TOPICS}, ${topic})`);
      run(topic);
    },
    /**
     * Runs this process's listeners for `topic` now: the writer calls it once its transaction has committed,
     * so that its own next read is fresh without waiting for the notice to come back.
     */
    changedHere: run,
    /** Runs `listener` whenever `topic` may have changed (a notice, or a lost or regained connection). */
    on(topic: ChangeTopic, listener: () => void) {
      const set = topicListeners.get(topic) ?? new Set();
      topicListeners.set(topic, set);
      set.add(listener);
    },
    /** Runs `listener` with the key of each change of `topic` heard (its triggers notify). */
    onKey(topic: KeyedTopic, listener: (key: string) => void) {
      const channel = KEYED_CHANNELS[topic];
      const set = keyListeners.get(channel) ?? new Set();
      keyListeners.set(channel, set);
      set.add(listener);
    },
    /** Runs `listener` when the feed goes down (changes may be missed: bypass caches) or comes back. */
    onLiveness(listener: (live: boolean) => void) {
      livenessListeners.add(listener);
    },
    /** Whether every committed change reaches this process now (caches may serve). */
    get live() {
      return database.kind === 'postgres' ? client !== undefined : unlistens.length > 0;
    },
    /**
     * After a committed change that must hold at once (a revocation): returns once every process has heard it
     * (see above). Call it before answering the call that made it.
     */
    settle,
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      for (const listener of livenessListeners) listener(false);
      await connection?.end().catch(() => {});
      await Promise.all(unlistens.map((unlisten) => unlisten().catch(() => {})));
      unlistens = [];
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
