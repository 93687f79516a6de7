import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type Job, PgBoss, type Queue } from 'pg-boss';
import type { Database, DbOrTx } from '../../db/client.ts';

/** pg-boss keeps its tables in their own schema, beside ours and migrated by pg-boss itself. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobDefinition<T extends object> {
  /** Queue name: letters, digits, '.', '-', '_'. */
  name: string;
  handler: (data: T, job: Job<T>) => Promise<void>;
  /** Retries with exponential backoff by default: 10 attempts, 1 s doubling up to 5 minutes. */
  queue?: Omit<Queue, 'name'>;
  /** Jobs this process runs at once for this queue. */
  concurrency?: number;
}

const SUPERVISE_SECONDS = 5;

let workersHeld = false;
/**
 * Job runners created from now on in this process hold their workers until startWorkers() (main.ts: the
 * workers start once the ports listen, after the start's own work). Tests build apps without it.
 */
export function holdWorkersUntilStarted(hold = true) {
  workersHeld = hold;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

export const defaultQueueOptions = {
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 300,
  notify: true,
  // A job whose process died (no heartbeat for this long) is retried by another; the supervisor looks
  // every SUPERVISE_SECONDS.
  heartbeatSeconds: 10,
} satisfies Omit<Queue, 'name'>;

/**
 * The job runner: pg-boss on the same database, PostgreSQL or embedded PGlite (pg-boss ships a PGlite
 * adapter and backend profile), so the same queues, retries and cron schedules run in both modes.
 * A queue is worked only in processes that define its handler; a cron schedule fires once across all
 * processes (pg-boss keeps one schedule row and a singleton job per tick).
 */
export async function createJobRunner(database: Database, log: FastifyBaseLogger) {
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({
          db: fromPglite(database.pglite),
          backend: 'pglite',
          schema: JOBS_SCHEMA,
          useListenNotify: true,
          persistWarnings: false,
          superviseIntervalSeconds: SUPERVISE_SECONDS,
        })
      : new PgBoss({
          connectionString: database.url,
          schema: JOBS_SCHEMA,
          max: 4,
          useListenNotify: true,
          persistWarnings: false,
          superviseIntervalSeconds: SUPERVISE_SECONDS,
          application_name: 'paws-jobs',
        });
  boss.on('error', (err) => log.error({ err }, 'job runner error'));
  boss.on('warning', (warning) => log.debug({ warning }, 'job runner warning'));
  await boss.start();

  // What an earlier start already made, read once: creating a queue that exists changes nothing (pg-boss
  // inserts it or does nothing), and neither does scheduling the same cron and data again, so a second start
  // skips those statements, one transaction each.
  const [queues, schedules] = await Promise.all([boss.getQueues(), boss.getSchedules()]);
  const created = new Set<string>(queues.map((queue) => queue.name));
  const scheduled = new Map(schedules.map((row) => [`${row.name}\u0000${row.key}`, row]));
  async function ensureQueue(name: string, options: Omit<Queue, 'name'> = {}) {
    if (created.has(name)) return;
    await boss.createQueue(name, { ...defaultQueueOptions, ...options });
    created.add(name);
  }

  // Workers poll their queue at once and every second; while the process starts, those polls queue before
  // the start's own statements on the embedded database. held: until startWorkers() (main.ts, once listening).
  let pending: Array<() => Promise<unknown>> | null = workersHeld ? [] : null;
  async function work(start: () => Promise<unknown>) {
    if (pending) pending.push(start);
    else await start();
  }

  return {
    boss,
    ensureQueue,
    /** Declares a queue and works it in this process. */
    async define<T extends object>(definition: JobDefinition<T>) {
      await ensureQueue(definition.name, definition.queue);
      await work(() =>
        boss.work<T>(
          definition.name,
          {
            localConcurrency: definition.concurrency ?? 1,
            // A NOTIFY wakes a worker for a new job, not for a delayed one coming due: poll often either way.
            pollingIntervalSeconds: 1,
            notifyPollingIntervalSeconds: 1,
          },
          async (jobs) => {
            for (const job of jobs) await definition.handler(job.data, job);
          },
        ),
      );
    },
    /** Starts the workers held back while the process started (none when they were not held). */
    async startWorkers() {
      const starts = pending ?? [];
      pending = null;
      for (const start of starts) await start();
    },
    /** Runs the queue's job on a cron schedule (UTC), once per tick across every process. */
    async schedule(name: string, cron: string, data: object = {}) {
      await ensureQueue(name);
      const row = scheduled.get(`${name}\u0000`);
      if (row?.cron === cron && row.timezone === 'UTC' && sameJson(row.data, data)) return;
      await boss.schedule(name, cron, data, { tz: 'UTC' });
    },
    /**
     * Enqueues a job; inside `tx` it is enqueued only if that transaction commits.
     * singletonKey: at most one queued job per key (a retry of the same request adds none).
     */
    async send<T extends object>(
      name: string,
      data: T,
      options: { tx?: DbOrTx; singletonKey?: string; startAfter?: Date | number } = {},
    ) {
      await ensureQueue(name);
      return boss.send(name, data, {
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      });
    },
    /** Inserts many jobs at once (in `tx` when given). */
    async insert<T extends object>(name: string, jobs: T[], tx?: DbOrTx) {
      await ensureQueue(name);
      await boss.insert(
        name,
        jobs.map((data) => ({ data })),
        tx ? { db: inTransaction(tx) } : undefined,
      );
    },
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/** pg-boss statements run through the caller's drizzle transaction. */
const inTransaction = (tx: DbOrTx) => fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);

export type JobRunner = Awaited<ReturnType<typeof createJobRunner>>;
