import { afterAll, describe, expect, it, vi } from 'vitest';
import { holdWorkersUntilStarted } from '../../src/core/jobs/runner.ts';
import { eventually } from '../payments/helpers.ts';
import { jobRunners } from './job-runners.ts';

/**
 * The job runner at a second start: queues and cron schedules that already exist as asked cost no statement,
 * a changed schedule is still written; and held workers poll nothing until startWorkers().
 */
describe('job runner at start', () => {
  const { start } = jobRunners();
  afterAll(() => holdWorkersUntilStarted(false));

  it('skips existing queues and unchanged schedules, and writes a changed one', async () => {
    const first = await start();
    await first.schedule('start.every-five', '*/5 * * * *');
    await first.ensureQueue('start.plain');
    await first.stop();

    const second = await start();
    const createQueue = vi.spyOn(second.boss, 'createQueue');
    const schedule = vi.spyOn(second.boss, 'schedule');
    await second.ensureQueue('start.plain');
    await second.schedule('start.every-five', '*/5 * * * *');
    expect(createQueue).not.toHaveBeenCalled();
    expect(schedule).not.toHaveBeenCalled();

    await second.schedule('start.every-five', '*/10 * * * *');
    await second.ensureQueue('start.new');
    expect(schedule).toHaveBeenCalledTimes(1);
    expect(createQueue).toHaveBeenCalledTimes(1);
    const [row] = await second.boss.getSchedules('start.every-five');
    expect(row?.cron).toBe('*/10 * * * *');
    expect((await second.boss.getQueue('start.new'))?.name).toBe('start.new');
  }, 60_000);

  it('holds the workers until startWorkers()', async () => {
    holdWorkersUntilStarted();
    const runner = await start();
    holdWorkersUntilStarted(false);
    const handled: string[] = [];
    await runner.define<{ id: string }>({
      name: 'start.held',
      handler: async ({ id }) => {
        handled.push(id);
      },
    });
    await runner.send('start.held', { id: 'one' });
    // A sent job wakes the workers at once: three seconds without one is a held worker.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(handled).toEqual([]);
    await runner.startWorkers();
    await eventually(async () => expect(handled).toEqual(['one']));
  }, 60_000);
});
