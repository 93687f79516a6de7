import type { DomainEvent } from '@paws/contracts/events';
import { asc, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { type NamedStatement, runNamed } from '../../db/statements.ts';
import {
  type SubscribedEvent,
  type SubscriberName,
  type Subscription,
  subscriptions,
} from '../../modules/manifest.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { onEventRecorded } from './record.ts';
import { domainEvents, eventInbox } from './schema.ts';

const BATCH = 500;
/** How often the dispatcher looks for undispatched events (an index-only probe) while it watches the outbox. */
const WATCH_POLL_MS = 100;
/**
 * It watches from an event recorded in this process until this long after the last one: the recording
 * transaction commits within it (a longer one is found by the safety poll).
 */
const WATCH_MS = 3_000;
/**
 * The safety poll, always on: events no dispatcher watched for (their process was killed between commit and
 * dispatch, a transaction open longer than WATCH_MS, a row written by another tool). On PostgreSQL other
 * processes commit events too, so it stays within the delivery bound; the embedded database has one process.
 */
export const SAFETY_POLL_MS = { postgres: 1_000, pglite: 5_000 } as const;
/**
 * Under load a pass waits until the oldest undispatched event is this old, so each pass, and each subscriber's
 * job it makes, carries the events of this long rather than of one poll: a job's fetch, transaction and
 * completion are paid per pass, whatever it carries.
 */
export const GATHER_MS = 200;
/**
 * With this many events waiting or fewer the outbox is quiet: they leave at once, there being little to
 * gather (a player's deposit is not held back for company that is not coming).
 */
export const QUIET_EVENTS = 16;
/** A watch's first probe: the recording transaction has usually committed by then. */
const FIRST_PROBE_MS = 20;
const PRUNE_JOB = 'events.prune';

/*
 * The statements of every pass and every delivered batch, written once with the ids as one array: one text
 * whatever the batch's size, prepared once per connection, with no per-row query building (a multi-row
 * VALUES list is a new text, parsed and planned again, for each size).
 */
const STAMP_DISPATCHED: NamedStatement = {
  name: 'events_stamp_dispatched',
  text: 'update domain_events set dispatched_at = now() where id = any($1::uuid[])',
};
const INBOX_SEEN: NamedStatement = {
  name: 'events_inbox_seen',
  text: 'select event_id from event_inbox where subscriber = $1 and event_id = any($2::uuid[])',
};
/** Stamped when the work is done (clock_timestamp: the transaction's end, not its start). */
const INBOX_RECORD: NamedStatement = {
  name: 'events_inbox_record',
  text: `insert into event_inbox (subscriber, event_id, handled_at)
    select $1, id, clock_timestamp() from unnest($2::uuid[]) as id
    on conflict do nothing returning event_id`,
};

/** The ids among `ids` this subscriber has handled. */
async function handledOf(q: DbOrTx, subscriber: string, ids: string[]) {
  const rows = await runNamed<{ event_id: string }>(q, INBOX_SEEN, [subscriber, ids]);
  return new Set(rows.map((row) => row.event_id));
}

/** Records the events handled by this subscriber; the ids it had not recorded before. */
async function recordHandled(q: DbOrTx, subscriber: string, ids: string[]) {
  return runNamed<{ event_id: string }>(q, INBOX_RECORD, [subscriber, ids]);
}

/** The time an event's id (UUIDv7) was made, in ms; any other id reads as a time far from now. */
const madeAt = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
/**
 * Dispatched events and inbox rows are kept this long: far beyond a job's last retry (about an hour),
 * so no redelivery can outlive the inbox row that makes it harmless.
 */
const KEEP_DAYS = 30;

/** Work to do once the handler's transaction has committed (a socket push): best effort, never retried. */
export type AfterCommit = () => void | Promise<void>;

/**
 * transactional: the handler's writes go through `tx`, the transaction that also records the event in the
 * subscriber's inbox, so the effect happens exactly once. It must not use any other connection.
 * batch: as transactional, for a whole delivered batch at once: one transaction records the batch's inbox
 * rows and hands the handler the events not handled before (in id order), so an effect that folds many
 * events (running counters) costs one transaction per batch, not per event.
 * idempotent: the handler runs on its own (it may call services that open their own transactions) and
 * must give the same result when repeated; the inbox row is written after it succeeds.
 */
export type SubscriberHandler<S extends SubscriberName> =
  | {
      mode: 'transactional';
      handle(event: SubscribedEvent<S>, tx: Tx): Promise<AfterCommit | undefined>;
    }
  | {
      mode: 'batch';
      handle(events: SubscribedEvent<S>[], tx: Tx): Promise<AfterCommit | undefined>;
    }
  | {
      mode: 'idempotent';
      handle(event: SubscribedEvent<S>): Promise<void>;
      /** Events of one batch with the same key are handled once (e.g. one evaluation per player). */
      key?: (event: SubscribedEvent<S>) => string;
    };

interface Batch {
  events: DomainEvent[];
}

/** A concurrent delivery of the same events committed first: this one is undone and retried (it then skips). */
class DuplicateDelivery extends Error {
  constructor(subscriber: string) {
    super(`${subscriber}: a concurrent delivery of this batch committed first`);
  }
}

export const queueOf = (subscriber: SubscriberName) => `event.${subscriber}`;

/**
 * Delivers the outbox: every process runs a dispatcher that, once the process records an event, polls for
 * undispatched events every 100 ms for a few seconds (an idle process asks its database almost nothing; a slow
 * safety poll finds the events nobody watched for), claims them with SKIP LOCKED, and in the same transaction enqueues one job per subscriber
 * with the batch's events it takes, then stamps them dispatched. The job runner hands each job to a
 * process that runs the subscriber and retries it with backoff until it succeeds.
 */
export function createEventBus({
  database,
  jobs,
  log,
}: {
  database: Database;
  jobs: JobRunner;
  log: FastifyBaseLogger;
}) {
  const { db } = database;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let safetyTimer: NodeJS.Timeout | undefined;
  let watchTimer: NodeJS.Timeout | undefined;
  let watchUntil = 0;
  let stopListening: (() => void) | undefined;

  const toEvent = (row: typeof domainEvents.$inferSelect) =>
    ({
      id: row.id,
      name: row.name,
      payload: row.payload,
      createdAt: row.createdAt.toISOString(),
    }) as DomainEvent;

  /** Hands one batch to the subscribers' queues; the number of events it took. */
  async function dispatchBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      const events = rows.map(toEvent);
      for (const [name, subscription] of Object.entries(subscriptions) as [SubscriberName, Subscription][]) {
        const taken = events.filter(
          (event) => subscription.events.includes(event.name) && (subscription.accepts?.(event) ?? true),
        );
        if (taken.length > 0) await jobs.insert<Batch>(queueOf(name), [{ events: taken }], tx);
      }
      await runNamed(tx, STAMP_DISPATCHED, [rows.map((r) => r.id)]);
      return rows.length;
    });
  }

  /** Dispatches until the outbox is empty; a wake-up while running asks for one more pass. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await dispatchBatch()) === BATCH) {}
        } while (again && !stopped);
      } catch (err) {
        if (!stopped) log.error({ err }, 'event dispatch failed; retrying at the next poll');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /**
   * The poll: one index-only probe of the oldest undispatched events, a full dispatch pass when few wait
   * (QUIET_EVENTS) or the oldest has waited GATHER_MS. Whether any event is still waiting. (A NOTIFY trigger
   * would wake dispatchers of every process, but PostgreSQL serialises every notifying commit on one lock, which
   * capped the whole server's event-recording commits at a fifth of plain ones: the in-process signal of
   * recordEvent wakes this one.)
   */
  async function poll(): Promise<boolean> {
    if (running) return true;
    try {
      const pending = await db
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(isNull(domainEvents.dispatchedAt))
        .orderBy(asc(domainEvents.id))
        .limit(QUIET_EVENTS + 1);
      const oldest = pending[0];
      if (!oldest) return false;
      const age = Date.now() - madeAt(oldest.id);
      if (pending.length <= QUIET_EVENTS || age >= GATHER_MS || age < -1000) await drain();
      return true;
    } catch (err) {
      if (!stopped) log.warn({ err }, 'event poll failed');
      return true;
    }
  }

  /**
   * Probes FIRST_PROBE_MS after the first event, then every WATCH_POLL_MS until WATCH_MS has passed and
   * nothing waits; a new event extends the watch.
   */
  function watch() {
    watchUntil = Date.now() + WATCH_MS;
    if (watchTimer || stopped) return;
    const next = (delay: number) => {
      watchTimer = setTimeout(async () => {
        const waiting = await poll();
        if (stopped || (!waiting && Date.now() >= watchUntil)) watchTimer = undefined;
        else next(WATCH_POLL_MS);
      }, delay);
      watchTimer.unref();
    };
    next(FIRST_PROBE_MS);
  }

  /** Runs the after-commit effect: a failure is logged, never retried. */
  async function afterCommit(after: AfterCommit | undefined, name: SubscriberName, eventId?: string) {
    if (!after) return;
    try {
      await after();
    } catch (err) {
      log.warn({ err, subscriber: name, eventId }, 'after-commit effect failed');
    }
  }

  /**
   * The batch's events in one transaction with their inbox rows. The rows are written once, at the end,
   * stamped when the work is done (bench:events reads them), and a row already there (the event was handled
   * before) undoes the transaction (DuplicateDelivery). A first delivery trusts that its events are new, as
   * the dispatcher hands each event to a subscriber once: no read of the inbox, one round trip fewer per
   * batch. A retried job, or a first try that failed for any reason (an event handled before, a concurrent
   * duplicate that committed first, a real error), reads the inbox first and hands the handler only the
   * events without a row: what was handled is skipped, and a real error fails again and is retried.
   */
  async function deliverBatch<S extends SubscriberName>(
    name: S,
    handle: (events: SubscribedEvent<S>[], tx: Tx) => Promise<AfterCommit | undefined>,
    delivered: SubscribedEvent<S>[],
    retried: boolean,
  ) {
    const events = [...new Map(delivered.map((event) => [event.id, event])).values()].sort((a, b) =>
      a.id < b.id ? -1 : 1,
    );
    const attempt = (checked: boolean) =>
      db.transaction(async (tx) => {
        const seen = checked
          ? await handledOf(
              tx,
              name,
              events.map((event) => event.id),
            )
          : new Set<string>();
        const fresh = events.filter((event) => !seen.has(event.id));
        if (fresh.length === 0) return undefined;
        const after = await handle(fresh, tx);
        const recorded = await recordHandled(
          tx,
          name,
          fresh.map((event) => event.id),
        );
        if (recorded.length !== fresh.length) throw new DuplicateDelivery(name);
        return after;
      });
    const after = retried ? await attempt(true) : await attempt(false).catch(() => attempt(true));
    await afterCommit(after, name);
  }

  /** Runs the subscriber's handler for a delivered batch, once per event (the inbox). */
  async function deliver<S extends SubscriberName>(
    name: S,
    handler: SubscriberHandler<S>,
    batch: Batch,
    { retried = false }: { retried?: boolean } = {},
  ) {
    if (handler.mode === 'batch') {
      if (batch.events.length > 0) {
        await deliverBatch(name, handler.handle, batch.events as SubscribedEvent<S>[], retried);
      }
      return;
    }
    if (handler.mode === 'transactional') {
      for (const event of batch.events as SubscribedEvent<S>[]) {
        const after = await db.transaction(async (tx) => {
          const fresh = await tx
            .insert(eventInbox)
            .values({ subscriber: name, eventId: event.id })
            .onConflictDoNothing()
            .returning({ eventId: eventInbox.eventId });
          if (fresh.length === 0) return undefined;
          return handler.handle(event, tx);
        });
        await afterCommit(after, name, event.id);
      }
      return;
    }
    const events = batch.events as SubscribedEvent<S>[];
    const seen = await handledOf(
      db,
      name,
      events.map((event) => event.id),
    );
    const fresh = events.filter((event) => !seen.has(event.id));
    if (fresh.length === 0) return;
    // Events with the same key need one run for all (the handler reads the current state, not the event).
    const byKey = new Map<string, SubscribedEvent<S>>();
    for (const event of fresh) byKey.set(handler.key?.(event) ?? event.id, event);
    for (const event of byKey.values()) await handler.handle(event);
    await recordHandled(
      db,
      name,
      fresh.map((event) => event.id),
    );
  }

  /** Deletes dispatched events and inbox rows older than KEEP_DAYS (a daily cron job). */
  async function prune() {
    const cutoff = sql`now() - make_interval(days => ${KEEP_DAYS})`;
    await db.delete(eventInbox).where(lt(eventInbox.handledAt, cutoff));
    await db.delete(domainEvents).where(lt(domainEvents.dispatchedAt, cutoff));
  }

  return {
    /** Creates every subscriber's queue (the dispatcher fills queues of subscribers run elsewhere) and listens. */
    async start() {
      for (const name of Object.keys(subscriptions) as SubscriberName[]) {
        await jobs.ensureQueue(queueOf(name));
        // Warms pg-boss's queue cache outside any transaction: the dispatcher inserts inside one.
        await jobs.insert(queueOf(name), []);
      }
      await jobs.define({ name: PRUNE_JOB, handler: prune });
      await jobs.schedule(PRUNE_JOB, '17 3 * * *');
      stopListening = onEventRecorded(watch);
      safetyTimer = setInterval(async () => {
        if (await poll()) watch();
      }, SAFETY_POLL_MS[database.kind]);
      safetyTimer.unref();
      void drain();
    },
    /** Works this subscriber's queue in this process. */
    async subscribe<S extends SubscriberName>(name: S, handler: SubscriberHandler<S>) {
      await jobs.define<Batch>({
        name: queueOf(name),
        // Batches of one subscriber may run side by side: each event's effect is guarded by its inbox row.
        concurrency: 4,
        handler: (batch, job) => deliver(name, handler, batch, { retried: job.retryCount > 0 }),
      });
    },
    drain,
    prune,
    /** Delivers a batch as the job runner would (tests replay deliveries with it). */
    deliver,
    async stop() {
      stopped = true;
      stopListening?.();
      if (safetyTimer) clearInterval(safetyTimer);
      if (watchTimer) clearTimeout(watchTimer);
      await running;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
