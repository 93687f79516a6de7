import { describe, expect, it } from 'vitest';
import { countStatements } from '../helpers/statement-count.ts';
import { eventually } from '../payments/helpers.ts';
import { jobRunners } from './job-runners.ts';

/**
 * A queue worked with `concurrency` N: its jobs run N at a time, a failing job retries alone, and a new job
 * costs each process one fetch, not one per job it may run at once (a NOTIFY wakes every worker of a queue).
 */
describe('job runner: a queue worked N at a time', () => {
  const { start, database } = jobRunners();

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
    const jobs = 10;
    const sent = await countStatements(database(), async () => {
      for (let i = 0; i < jobs; i++) {
        await one.send('batches.fetches', { id: String(i) });
        await eventually(async () => expect(handled).toHaveLength(i + 1));
      }
    });
    const fetches = sent.texts.filter(
      (text) => /\bnext AS \(/.test(text) && text.includes("j.name = 'batches.fetches'"),
    ).length;
    // Each NOTIFY wakes one worker per process: two fetches a job, four workers each made eight.
    expect(fetches).toBeGreaterThanOrEqual(jobs);
    expect(fetches).toBeLessThanOrEqual(3 * jobs);
  }, 60_000);
});
