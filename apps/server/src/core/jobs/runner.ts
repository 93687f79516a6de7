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

/**
 * How often an idle worker fetches anyway. A NOTIFY wakes it for a new job, and this process wakes it when a
 * job it delayed (startAfter) or a retry of a job it failed comes due (wakeAt), so the poll is only the
 * backstop: for delayed jobs of other processes (PostgreSQL) and those left over from before a restart.
 */
export const BACKSTOP_POLL_SECONDS = { postgres: 5, pglite: 30 } as const;
/** Looks for jobs whose process died (their heartbeat stopped) this often. */
const SUPERVISE_SECONDS = { postgres: 5, pglite: 30 } as const;
/** Cron ticks become jobs through pg-boss's own worker, polling this often (a tick runs at most this late). */
const CRON_WORKER_SECONDS = 15;
/** pg-boss looks for flows (jobs waiting on others) to unblock this often; no queue here uses them. */
const FLOW_SECONDS = 60;

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
          superviseIntervalSeconds: SUPERVISE_SECONDS.pglite,
          cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
          flowIntervalSeconds: FLOW_SECONDS,
        })
      : new PgBoss({
          connectionString: database.url,
          schema: JOBS_SCHEMA,
          max: 4,
          useListenNotify: true,
          persistWarnings: false,
          superviseIntervalSeconds: SUPERVISE_SECONDS.postgres,
          cronWorkerIntervalSeconds: CRON_WORKER_SECONDS,
          flowIntervalSeconds: FLOW_SECONDS,
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

  // This process's workers by queue, and wakes it has set (so that stop() clears them).
  const workersOf = new Map<string, string[]>();
  const wakes = new Set<NodeJS.Timeout>();
  /** Has this queue's workers here fetch at `at` (a job that comes due then), not at their next poll. */
  function wakeAt(name: string, at: number) {
    if (!workersOf.has(name)) return;
    const wake = setTimeout(
      () => {
        wakes.delete(wake);
        for (const id of workersOf.get(name) ?? []) boss.notifyWorker(id);
      },
      Math.max(0, at - Date.now()) + WAKE_MARGIN_MS,
    );
    wake.unref();
    wakes.add(wake);
  }

  // Workers poll their queue at once and then as they are told; while the process starts, those polls queue before
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
      const retries = { ...defaultQueueOptions, ...definition.queue };
      const backstop = BACKSTOP_POLL_SECONDS[database.kind];
      await work(async () => {
        const concurrency = definition.concurrency ?? 1;
        // One worker fetching up to `concurrency` jobs and running them side by side, not `concurrency`
        // workers of one job each: a new job's NOTIFY wakes every worker of its queue in every process, so
        // N workers made N fetches per job, nearly all finding nothing (a fifth of a spin's statements under
        // load). A batch's jobs settle one by one (perJobResults): a failing job retries alone.
        const id = await boss.work<T>(
          definition.name,
          {
            batchSize: concurrency,
            perJobResults: true,
            // A full batch says more are waiting: fetch again at once rather than at the next wake.
            burstWhenBatchFull: true,
            // Without LISTEN/NOTIFY (its connection lost) the worker polls every second, as before.
            pollingIntervalSeconds: 1,
            notifyPollingIntervalSeconds: backstop,
          },
          (jobs) =>
            Promise.all(
              jobs.map(async (job) => {
                try {
                  await definition.handler(job.data, job);
                  return { id: job.id, status: 'completed' as const };
                } catch (err) {
                  wakeAt(definition.name, Date.now() + latestRetryDelayMs(retries, job.retryCount));
                  return { id: job.id, status: 'failed' as const, output: err };
                }
              }),
            ),
        );
        workersOf.set(definition.name, [...(workersOf.get(definition.name) ?? []), id]);
      });
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
      const id = await boss.send(name, data, {
        ...(options.tx ? { db: inTransaction(options.tx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      });
      // pg-boss reads a number as seconds from now.
      const due = options.startAfter;
      if (due !== undefined) wakeAt(name, typeof due === 'number' ? Date.now() + due * 1000 : due.getTime());
      return id;
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
    stop: () => {
      for (const wake of wakes) clearTimeout(wake);
      wakes.clear();
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** A wake comes this long after the job is due: the database's clock and ours differ a little. */
const WAKE_MARGIN_MS = 50;

/**
 * The longest pg-boss waits before it retries a job that failed on attempt `retryCount` (0 the first): with
 * backoff a random delay between 2^n and 2^(n+1) times retryDelay, at most retryDelayMax (pg-boss's plans).
 */
export function latestRetryDelayMs(
  queue: Pick<Queue, 'retryDelay' | 'retryBackoff' | 'retryDelayMax'>,
  retryCount: number,
) {
  const delay = Math.max(queue.retryDelay ?? 0, queue.retryBackoff ? 1 : 0);
  if (!queue.retryBackoff) return delay * 1000;
  const seconds = delay * 2 ** Math.min(16, retryCount + 1);
  return Math.min(queue.retryDelayMax ?? seconds, seconds) * 1000;
}

/** pg-boss statements run through the caller's drizzle transaction. */
const inTransaction = (tx: DbOrTx) => fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);

export type JobRunner = Awaited<ReturnType<typeof createJobRunner>>;
