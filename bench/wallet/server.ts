// The operator's server for the benchmark, in its own process so the load generator does not share its CPU.
import { buildApp } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/config/env.ts';

const env = parseEnv({
  NODE_ENV: 'production',
  SECRET: process.env.BENCH_SECRET,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  LOG_LEVEL: 'warn',
  SEED: 'true',
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
