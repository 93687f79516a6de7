import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DbOrTx } from '../db/client.ts';

/** Data that readers cache in process and that a write makes stale, in every process. */
export type ChangeTopic = 'catalog' | 'news';

const CHANNEL = 'paws_changes';
const RECONNECT_MS = 1_000;

/**
 * Change notices for in-process read caches: a write announces its topic in its own transaction
 * (PostgreSQL's NOTIFY, delivered when it commits, and only if it commits) and every process's listeners for
 * that topic run. On PostgreSQL each process listens on one connection of its own; when that connection is
 * lost, every listener runs (notices may have been missed) and it listens again. The embedded database
 * delivers to its one process. Another process may answer from its cache until the notice reaches it (a
 * few milliseconds). Rare writes only (staff edits, likes): a notifying commit takes a global lock.
 */
export function createChangeFeed(database: Database, log: FastifyBaseLogger) {
  const listeners = new Map<ChangeTopic, Set<() => void>>();
  let client: pg.Client | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function run(topic: ChangeTopic) {
    for (const listener of listeners.get(topic) ?? []) listener();
  }
  function runAll() {
    for (const topic of listeners.keys()) run(topic);
  }
  function onNotice(payload: string | undefined) {
    if (payload && listeners.has(payload as ChangeTopic)) run(payload as ChangeTopic);
  }

  async function listenOnPostgres(url: string) {
    const connection = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== connection) return;
      client = undefined;
      connection.end().catch(() => {});
      runAll();
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    connection.on('error', (err) => {
      log.warn({ err }, 'change feed connection lost; listening again');
      lost();
    });
    connection.on('end', lost);
    connection.on('notification', (message) => onNotice(message.payload));
    await connection.connect();
    await connection.query(`listen ${CHANNEL}`);
    client = connection;
  }

  async function connect() {
    if (stopped) return;
    try {
      if (database.kind === 'postgres' && database.url) await listenOnPostgres(database.url);
      else if (database.pglite) unlisten = await database.pglite.listen(CHANNEL, onNotice);
      // What changed while no one listened.
      runAll();
    } catch (err) {
      log.warn({ err }, 'change feed could not listen; trying again');
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  }

  return {
    /** Announces, within `tx` (the write's own transaction), that `topic`'s data changed. */
    async announce(tx: DbOrTx, topic: ChangeTopic) {
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
    },
    /** After a write has committed (or one that needs no transaction): announces it and runs this process's listeners. */
    async changed(topic: ChangeTopic) {
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${topic})`);
      run(topic);
    },
    /**
     * Runs this process's listeners for `topic` now: the writer calls it once its transaction has committed,
     * so that its own next read is fresh without waiting for the notice to come back.
     */
    changedHere: run,
    /** Runs `listener` whenever `topic` may have changed (a notice, or a lost connection). */
    on(topic: ChangeTopic, listener: () => void) {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set);
      set.add(listener);
    },
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
