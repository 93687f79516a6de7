import { defineConfig } from 'vitest/config';
import SharedServerSequencer from './sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // One Chromium, the migrated and seeded database template and the shared servers (global-setup.ts).
    globalSetup: ['./global-setup.ts'],
    sequence: { sequencer: SharedServerSequencer },
    testTimeout: 60_000,
    // A page's answer on a busy machine can take more than expect.poll's default second.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    // A real browser against real servers on a shared 2-core machine: in CI a test gets two more tries, and
    // the run's summary names every test that needed one (scripts/test.mjs), so a flaky test is seen, not
    // hidden. One was enough on stop 47's machine; on stop 48's, three times slower, six or seven tests
    // timed out on their one retry in each full run, different ones each time (docs/decisions.md).
    retry: process.env.CI ? 2 : 0,
    // Each file starts its own server from the template or shares its group's, and connects to the one
    // Chromium. Most of a file's time is spent waiting (a page's answer, a paced spin, a toast's seconds), so
    // two files run side by side even on 2 cores (three timed out game loads when other work shared the
    // machine: docs/decisions.md); E2E_WORKERS=1 runs them one at a time.
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // Within a file, the tests marked concurrent (each with its own context or page) run at most two at a
    // time: their waits (a paced spin, a message in the outbox, a page's network) overlap, while page loads
    // and axe runs stay few enough for two cores shared with the other lane. At three, a slower machine
    // (e2e 2,600 s, Chromium 74 % of its CPU, the machine 99 % busy) timed out six of the concurrent tests
    // on their retry too (docs/decisions.md).
    maxConcurrency: Number(process.env.E2E_CONCURRENCY ?? 2),
    // A worker's files share its loaded modules (playwright-core, the contracts: seconds per file on a busy
    // machine): no helper keeps state between files, and nothing is mocked.
    isolate: false,
  },
});
