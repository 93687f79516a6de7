import type { DomainEventName, DomainEventPayload } from '@paws/contracts/events';
import { asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { domainEvents } from '../../src/core/events/schema.ts';

/** The payloads of the events of this name recorded in the outbox, oldest first. */
export async function recorded<N extends DomainEventName>(
  app: FastifyInstance,
  name: N,
): Promise<DomainEventPayload<N>[]> {
  const rows = await app.database.db
    .select({ payload: domainEvents.payload })
    .from(domainEvents)
    .where(eq(domainEvents.name, name))
    .orderBy(asc(domainEvents.id));
  return rows.map((row) => row.payload as DomainEventPayload<N>);
}

/**
 * Waits until every recorded event has been dispatched and every subscriber's job has finished: the
 * backbone is quiet, so what events cause has happened (tests that count a player's rows use it).
 */
export async function quiesce(app: FastifyInstance, timeoutMs = 15_000) {
  const started = Date.now();
  let quietChecks = 0;
  // An event becomes a job (dispatch) and a job may record new events before it completes: only two
  // quiet readings in a row, a dispatcher poll apart, say the chain has ended.
  while (quietChecks < 2) {
    await app.events.drain();
    const jobs = await app.database.db.execute<{ pending: number }>(
      sql`select count(*)::int as pending from pgboss.job
          where name like 'event.%' and state in ('created', 'retry', 'active')`,
    );
    const open = (jobs as unknown as { rows: { pending: number }[] }).rows[0]?.pending ?? 0;
    const [outbox] = await app.database.db
      .select({ pending: count() })
      .from(domainEvents)
      .where(isNull(domainEvents.dispatchedAt));
    quietChecks = (outbox?.pending ?? 0) === 0 && open === 0 ? quietChecks + 1 : 0;
    if (Date.now() - started > timeoutMs) throw new Error('the backbone did not quiesce');
    await new Promise((r) => setTimeout(r, 150));
  }
}
