import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
const session = new Session();
session.connect();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (m) => {
  if (m === 'prof-start') {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  if (m === 'prof-stop') {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync('/tmp/wb/steady.cpuprofile', JSON.stringify(profile));
    process.send?.('prof-done');
  }
  if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
