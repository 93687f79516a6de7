import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, type JobRunner } from '../../src/core/jobs/runner.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { eventually } from '../payments/helpers.ts';

/**
 * A queue worked with `concurrency` N: its jobs run N at a time, a failing job retries alone, and a new job
 * costs each process one fetch, not one per job it may run at once (a NOTIFY wakes every worker of a queue).
 */
describe('job runner: a queue worked N at a time', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  const log = pino({ enabled: false });
  const runners: JobRunner[] = [];
  const start = async () => {
    const runner = await createJobRunner(testDb.database, log);
    runners.push(runner);
    return runner;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.migrate();
  }, 60_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await testDb.database.close();
    await testDb.drop();
  }, 60_000);

  it('runs four jobs side by side, and retries only the one that failed', async () => {
    const runner = await start();
    const started: string[] = [];
    const done: string[] = [];
    let release: () => void = () => {};
    const allStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failedOnce = false;
    await runner.define<{ id: string }>({
      name: 'batches.side-by-side',
      concurrency: 4,
      handler: async ({ id }) => {
        started.push(id);
        if (started.length === 4) release();
        // Each of the first four waits for the others: only four running at once get past this.
        await allStarted;
        if (id === 'c' && !failedOnce) {
          failedOnce = true;
          throw new Error('c fails once');
        }
        done.push(id);
      },
    });
    await runner.insert('batches.side-by-side', [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]);
    await eventually(async () => expect([...done].sort()).toEqual(['a', 'b', 'c', 'd']), 15_000);
    // a, b and d ran once; c twice (its retry), alone.
    expect([...started].sort()).toEqual(['a', 'b', 'c', 'c', 'd']);
  }, 30_000);

  it('fetches once per process for a new job, whatever the concurrency', async () => {
    const [one, two] = [await start(), await start()];
    const handled: string[] = [];
    for (const runner of [one, two]) {
      await runner.define<{ id: string }>({
        name: 'batches.fetches',
        concurrency: 4,
        handler: async ({ id }) => {
          handled.push(id);
        },
      });
    }
    // Both processes' workers have made their first fetch and wait for a NOTIFY.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const query = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const jobs = 10;
      for (let i = 0; i < jobs; i++) {
        await one.send('batches.fetches', { id: String(i) });
        await eventually(async () => expect(handled).toHaveLength(i + 1));
      }
      const fetches = query.mock.calls.filter(([config]) => {
        const text = String(typeof config === 'string' ? config : (config as { text?: string }).text);
        return /\bnext AS \(/.test(text) && text.includes("j.name = 'batches.fetches'");
      }).length;
      // Each NOTIFY wakes one worker per process: two fetches a job, four workers each made eight.
      expect(fetches).toBeGreaterThanOrEqual(jobs);
      expect(fetches).toBeLessThanOrEqual(3 * jobs);
    } finally {
      query.mockRestore();
    }
  }, 60_000);
});
