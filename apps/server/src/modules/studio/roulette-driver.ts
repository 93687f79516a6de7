import type pg from 'pg';
import type { Database } from '../../db/client.ts';

/** Any constant: the session-level advisory lock the table driver holds on PostgreSQL. */
const TABLE_DRIVER_LOCK = 7_281_077;

export interface RouletteDriverDeps {
  database: Database;
  /** One step of the table's state machine; answers when to run the next one (ms). */
  advance: () => Promise<number>;
  log: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/**
 * Who drives the wheel: the process that holds a session advisory lock on PostgreSQL (PGlite: the only
 * process), stepping the table on a timer; the others retry the lock every two seconds.
 */
export function createRouletteDriver({ database, advance, log }: RouletteDriverDeps) {
  let running = false;
  let driving = false;
  let timer: NodeJS.Timeout | undefined;
  let lockClient: pg.PoolClient | undefined;
  let busy: Promise<void> = Promise.resolve();

  function schedule(delayMs: number) {
    if (!running || !driving) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        busy = advance()
          .then((next) => schedule(next))
          .catch((err) => {
            log.error({ err }, 'roulette table step failed');
            schedule(1000);
          });
      },
      Math.max(0, delayMs),
    );
  }

  async function acquire(): Promise<boolean> {
    if (database.kind === 'pglite') return true;
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      const r = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        TABLE_DRIVER_LOCK,
      ]);
      if (r.rows[0]?.locked) {
        lockClient = client;
        client.on('error', (err) => {
          // After stop() the client is back in the pool and no longer ours to release.
          if (lockClient !== client) return;
          log.error({ err }, 'roulette driver lost its database connection');
          driving = false;
          lockClient = undefined;
          client.release(err);
          retry();
        });
        return true;
      }
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    client.release();
    return false;
  }

  let retryTimer: NodeJS.Timeout | undefined;
  function retry() {
    if (!running || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void tryDrive();
    }, 2000);
  }

  async function tryDrive() {
    if (!running || driving) return;
    try {
      if (await acquire()) {
        driving = true;
        log.info({}, 'this process drives the roulette table');
        schedule(0);
        return;
      }
    } catch (err) {
      log.error({ err }, 'roulette driver lock failed');
    }
    retry();
  }

  async function start() {
    if (running) return;
    running = true;
    await tryDrive();
  }

  async function stop() {
    running = false;
    if (timer) clearTimeout(timer);
    if (retryTimer) clearTimeout(retryTimer);
    timer = undefined;
    retryTimer = undefined;
    await busy.catch(() => {});
    driving = false;
    const client = lockClient;
    lockClient = undefined;
    if (client) {
      await client.query('select pg_advisory_unlock($1)', [TABLE_DRIVER_LOCK]).catch(() => {});
      client.release();
    }
  }

  return {
    start,
    stop,
    get driving() {
      return driving;
    },
  };
}
