import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createJobRunner, type JobRunner } from '../../src/core/jobs/runner.ts';
import { createTestDatabase } from '../helpers/test-app.ts';

/**
 * Job runners on a migrated database of the file's own, each a process's runner: `start()` makes one; all are
 * stopped and the database dropped when the file ends. `database()` is that database.
 */
export function jobRunners() {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  const log = pino({ enabled: false });
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.migrate();
  }, 60_000);
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await testDb.database.close();
    await testDb.drop();
  }, 60_000);

  return {
    async start() {
      const runner = await createJobRunner(testDb.database, log);
      runners.push(runner);
      return runner;
    },
    database: () => testDb.database,
  };
}
