// The consumer side of bench:events: the full app (SERVICES=all, no seed) on the bench database, in its own
// process so that its outbox dispatcher and subscribers do not share an event loop with the producers.
// It reports ready once app.ready() has run: migrations applied, the dispatcher listening for the outbox's
// NOTIFY and both subscribers working their queues. It serves no HTTP: nothing here needs a port.
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';

const env = parseEnv({
  NODE_ENV: 'production',
  SECRET: process.env.BENCH_SECRET,
  STUDIO_WALLET_SECRET: process.env.BENCH_WALLET_SECRET,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  DATABASE_POOL_SIZE: process.env.BENCH_POOL || undefined,
  REDIS_URL: process.env.BENCH_REDIS_URL || undefined,
  DATA_DIR: process.env.BENCH_DATA_DIR,
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'silent',
  SERVICES: 'all',
  SEED: 'false',
});
const app = await buildApp({ env });
await app.ready();

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void close();
});
// The bench process went away (crashed, killed): do not outlive it.
process.on('disconnect', () => void close());
process.send?.({ ready: true });
