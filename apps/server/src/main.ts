import { createServer } from 'node:net';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ env }).catch((error) => {
  // A setting that names something unreachable (REDIS_URL) ends the start with one line, like a bad setting.
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
});

// One HTTP server, two ports: connections on the landing port are handed to the same server,
// which tells the faces apart by Host or local port (see lib/faces.ts). WebSocket upgrades work on both.
await app.listen({ port: env.PLATFORM_PORT, host: env.HOST });
const landing = createServer((socket) => app.server.emit('connection', socket));
await new Promise<void>((done) => landing.listen(env.LANDING_PORT, env.HOST, done));

app.log.info(`Landing:  ${env.LANDING_URL}`);
app.log.info(`Platform: ${env.PLATFORM_URL}`);
app.log.info(`API docs: ${env.PLATFORM_URL}/docs`);

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await new Promise<void>((done) => landing.close(() => done()));
  await app.close();
});
