import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { SAFETY_POLL_MS } from '../../src/core/events/bus.ts';
import { recordEvent } from '../../src/core/events/record.ts';
import { BACKSTOP_POLL_SECONDS } from '../../src/core/jobs/runner.ts';
import { createDatabase } from '../../src/db/client.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { notifications } from '../../src/modules/notifications/schema.ts';
import { pgliteTemplate } from '../helpers/db-template.ts';
import { eventually } from '../payments/helpers.ts';

/**
 * An idle server on the embedded database does (nearly) nothing: its outbox dispatcher and job workers wait
 * to be woken (an event recorded, a job sent or coming due) instead of asking the database every 100 ms and
 * every second, on the one thread the requests also need. Woken, they deliver at once.
 */
describe('an idle process on the embedded database', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let statements = 0;

  /** Counts every statement the app and its job runner send (both reach PGlite through these three). */
  function countStatements(pglite: PGlite) {
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const original = pglite[method].bind(pglite) as (...args: unknown[]) => unknown;
      Object.assign(pglite, {
        [method]: (...args: unknown[]) => {
          statements++;
          return original(...args);
        },
      });
    }
  }

  beforeAll(async () => {
    const template = inject('databaseTemplate');
    const loadDataDir = template?.kind === 'pglite' ? await pgliteTemplate(template.tarball) : undefined;
    const database = createDatabase({ dataDir: null, loadDataDir });
    countStatements(database.pglite as PGlite);
    const env = parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LANDING_URL: 'http://landing.test',
      PLATFORM_URL: 'http://platform.test',
      BACKOFFICE_URL: 'http://backoffice.test',
    });
    app = await buildApp({ env, database, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(() => app?.close());

  /** Statements over the next `ms`. */
  async function statementsOver(ms: number) {
    const before = statements;
    await new Promise((resolve) => setTimeout(resolve, ms));
    return statements - before;
  }

  it('has stretches longer than its safety poll with at most a statement a second', async () => {
    // Longer than the outbox's safety poll: that probe is all an idle process may send. Jobs on a cron (every
    // minute) do real work now and then, so some window between them; polling every 100 ms never gives one.
    const window = SAFETY_POLL_MS.pglite + 1_000;
    await eventually(
      async () => expect(await statementsOver(window)).toBeLessThanOrEqual(window / 1_000),
      60_000,
    );
  }, 90_000);

  it('delivers an event as soon as its transaction commits, without waiting for a poll', async () => {
    const userId = randomUUID();
    await app.database.db
      .insert(users)
      .values({ id: userId, email: `${userId}@example.com`, passwordHash: 'x' });
    const committed = Date.now();
    await app.database.db.transaction((tx) =>
      recordEvent(tx, 'kyc.verification_result', { userId, result: 'APPROVED' }),
    );
    // Sooner than the safety poll could have found it: the recording woke the dispatcher.
    await eventually(
      async () =>
        expect(
          await app.database.db.select().from(notifications).where(eq(notifications.userId, userId)),
        ).toHaveLength(1),
      SAFETY_POLL_MS.pglite - 1_000,
    );
    expect(Date.now() - committed).toBeLessThan(SAFETY_POLL_MS.pglite);
  }, 30_000);

  it('runs a delayed job when it comes due, not at the workers’ backstop poll', async () => {
    const ran: number[] = [];
    await app.jobs.define<{ n: number }>({
      name: 'idle.delayed',
      handler: async () => {
        ran.push(Date.now());
      },
    });
    await eventually(async () => expect(await statementsOver(500)).toBe(0), 30_000);
    const due = Date.now() + 1_000;
    await app.jobs.send('idle.delayed', { n: 1 }, { startAfter: new Date(due) });
    await eventually(async () => expect(ran).toHaveLength(1), BACKSTOP_POLL_SECONDS.pglite * 1000 - 5_000);
    expect(ran[0]).toBeGreaterThanOrEqual(due);
    expect((ran[0] as number) - due).toBeLessThan(BACKSTOP_POLL_SECONDS.pglite * 1000 - 10_000);
  }, 60_000);

  it('retries a failed job when its backoff ends, not at the workers’ backstop poll', async () => {
    const attempts: number[] = [];
    await app.jobs.define<{ n: number }>({
      name: 'idle.retried',
      handler: async () => {
        attempts.push(Date.now());
        if (attempts.length === 1) throw new Error('the first attempt fails');
      },
    });
    await app.jobs.send('idle.retried', { n: 1 });
    await eventually(
      async () => expect(attempts).toHaveLength(2),
      BACKSTOP_POLL_SECONDS.pglite * 1000 - 5_000,
    );
    // The first retry comes 1 to 2 s after the failure (retryDelay 1 s, backoff).
    expect((attempts[1] as number) - (attempts[0] as number)).toBeLessThan(
      BACKSTOP_POLL_SECONDS.pglite * 1000 - 10_000,
    );
  }, 60_000);
});
