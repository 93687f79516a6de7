// The operator's wallet for the benchmark: a SERVICES=wallet process (the providers' API alone, as it would be
// deployed to scale on its own), separate from the load generator.
import { availableParallelism } from 'node:os';
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';

const env = parseEnv({
  NODE_ENV: 'production',
  SECRET: process.env.BENCH_SECRET,
  STUDIO_WALLET_SECRET: process.env.BENCH_WALLET_SECRET,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  LOG_LEVEL: 'warn',
  SERVICES: process.env.BENCH_SERVICES ?? 'wallet',
  // The database runs on this machine: about two connections per core keep it busy without contention.
  DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? String(2 * availableParallelism()),
  SEED: 'false',
});
const app = await buildApp({ env, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (message) => {
  if (message === 'stop') {
    await app.close();
    process.exit(0);
  }
});
