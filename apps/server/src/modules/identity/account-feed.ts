import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** Where the triggers of migration 0035 announce a changed account (its id). */
const CHANGES = 'paws_identity';
/** A settling process asks every feed to answer once it has heard everything committed before (a token). */
const BARRIER = 'paws_identity_barrier';
/** A feed's answer to a barrier: `<token> <its backend pid>`. */
const ACK = 'paws_identity_ack';
/** How every feed's connection is named, so that a settling process can find them all. */
export const FEED_APPLICATION_NAME = 'paws-identity-feed';
const RECONNECT_MS = 1_000;

export interface AccountFeedOptions {
  /** An account's session check may have changed: forget what is cached of it. */
  onChange(userId: string): void;
  /** The feed is down or back (changes may have been missed meanwhile): forget everything. */
  onLiveness(live: boolean): void;
  /** How long a settle waits for a feed's answer before cutting its connection (which empties its cache). */
  settleTimeoutMs?: number;
}

interface Barrier {
  waiting: Set<number>;
  done: () => void;
}

/**
 * Account changes from every process, for the session cache: the triggers notify inside the changing
 * transaction, so a change is heard when it commits and only if it commits. On PostgreSQL each process listens
 * on a dedicated connection; while that connection is down the feed is not live and the cache is bypassed.
 * `settle()` makes a revocation take effect on the very next request in every process: it returns once each
 * process's feed has heard everything committed before it (a barrier notice every feed answers; NOTIFY
 * delivers in commit order), and a feed that does not answer in time has its connection cut, which empties
 * and bypasses that process's cache. The embedded database has one process and delivers its notices before
 * the committing statement returns, so there settling is immediate.
 */
export function createAccountFeed(database: Database, log: FastifyBaseLogger, options: AccountFeedOptions) {
  const settleTimeoutMs = options.settleTimeoutMs ?? 1_000;
  const barriers = new Map<string, Barrier>();
  let client: pg.Client | undefined;
  let ownPid: number | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  function onNotification(connection: pg.Client, message: pg.Notification) {
    const payload = message.payload ?? '';
    if (message.channel === CHANGES) return options.onChange(payload);
    if (message.channel === BARRIER) {
      // Answered on the feed's own connection, after every notice before the barrier was handled.
      connection.query('select pg_notify($1, $2)', [ACK, `${payload} ${ownPid}`]).catch(() => {});
      return;
    }
    if (message.channel === ACK) {
      const [token, pid] = payload.split(' ');
      const barrier = barriers.get(token ?? '');
      if (!barrier) return;
      barrier.waiting.delete(Number(pid));
      if (barrier.waiting.size === 0) barrier.done();
    }
  }

  async function listenOnPostgres(url: string) {
    const connection = new pg.Client({ connectionString: url, application_name: FEED_APPLICATION_NAME });
    const lost = () => {
      if (client !== connection) return;
      client = undefined;
      options.onLiveness(false);
      connection.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    connection.on('error', (err) => {
      log.warn({ err }, 'account feed connection lost; sessions are read from the database until it is back');
      lost();
    });
    connection.on('end', lost);
    connection.on('notification', (message) => onNotification(connection, message));
    await connection.connect();
    await connection.query(`listen ${CHANGES}; listen ${BARRIER}; listen ${ACK}`);
    ownPid = (await connection.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
    client = connection;
  }

  async function connect() {
    if (stopped) return;
    try {
      if (database.kind === 'postgres' && database.url) await listenOnPostgres(database.url);
      else if (database.pglite) unlisten = await database.pglite.listen(CHANGES, options.onChange);
      else return;
      options.onLiveness(true);
    } catch (err) {
      log.warn({ err }, 'account feed could not listen; trying again');
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  }

  const FEED_PIDS =
    'select pid from pg_stat_activity where application_name = $1 and datname = current_database()';

  /** Ends the feed connections of `pids`: each of those processes empties its cache and bypasses it until back. */
  async function cut(via: pg.Client, pids: number[]) {
    if (pids.length === 0) return;
    log.warn({ pids }, 'account feeds did not hear a revocation in time; cutting them off');
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

  return {
    /** Whether every committed change reaches this process now (the cache may serve). */
    get live() {
      return database.kind === 'postgres' ? client !== undefined : unlisten !== undefined;
    },

    /**
     * After a committed revocation: returns once every process has heard it (see above). Call it before
     * answering the call that revoked.
     */
    async settle() {
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
    },

    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      options.onLiveness(false);
      await connection?.end().catch(() => {});
      await unlisten?.().catch(() => {});
      unlisten = undefined;
    },
  };
}

export type AccountFeed = ReturnType<typeof createAccountFeed>;
