// Everything a run must undo, whatever happened (an error, Ctrl-C): the app, the pools, the databases, the
// data directory.
import { rmSync } from 'node:fs';
import { adminQuery } from '../lib/postgres.ts';
import { adminUrl, dataDir, eventsDb, pgbenchDb } from './settings.ts';

/** Closed in reverse order by cleanup(). */
export const toClose: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;
let interrupted = false;

export function cleanup() {
  cleaning ??= (async () => {
    for (const close of toClose.reverse()) await close().catch(() => {});
    for (const name of [eventsDb, pgbenchDb]) {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`).catch((err) =>
        console.error(`could not drop ${name}: ${err.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

/** SIGINT and SIGTERM clean up, then exit 130. */
export function cleanUpOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

/** Whether a signal stopped the run (its pools then closed under it, so its errors say little). */
export const wasInterrupted = () => interrupted;
