import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { parseEnv } from '../../apps/server/src/config/env.ts';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { wallet } from '../../apps/server/src/modules/wallet/plugin.ts';
import { seedWalletProviders } from '../../apps/server/src/modules/wallet/signature.ts';

const env = parseEnv({
  NODE_ENV: 'production',
  SECRET: process.env.BENCH_SECRET,
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  LOG_LEVEL: 'warn',
});
const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
const database = createDatabase({ url: env.DATABASE_URL });
await database.migrate();
await seedWalletProviders(database.db);
await app.register(
  fp(
    async (i) => {
      i.decorate('env', env);
    },
    { name: 'env' },
  ),
);
await app.register(
  fp(
    async (i) => {
      i.decorate('database', database);
    },
    { name: 'database' },
  ),
);
await app.register(wallet);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (m) => {
  if (m === 'stop') {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
