import { createServer, type Server } from 'node:net';
import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { EnvError, parseEnv } from './config/env.ts';
import { holdWorkersUntilStarted } from './core/jobs/runner.ts';
import { markStart, startTimeline } from './core/start-timeline.ts';

markStart('load');

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

// The job workers start once the ports listen: their polls would otherwise queue before the start's own work.
holdWorkersUntilStarted();
const app = await buildApp({ env }).catch((error) => {
  // A setting that names something unreachable (REDIS_URL) ends the start with one line, like a bad setting.
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
});
markStart('app');

// One HTTP server, three ports: connections on the landing and back-office ports are handed to the same
// server, which tells the faces apart by Host or local port (see lib/faces.ts). WebSocket upgrades work on all.
await app.listen({ port: env.PLATFORM_PORT, host: env.HOST });
const handOver = (port: number) =>
  new Promise<Server>((done, fail) => {
    const listener = createServer((socket) => app.server.emit('connection', socket));
    listener.once('error', fail);
    listener.listen(port, env.HOST, () => done(listener));
  });
const listeners = [await handOver(env.LANDING_PORT), await handOver(env.BACKOFFICE_PORT)];
markStart('listen');
app.log.info({ phases: startTimeline() }, 'start timeline (ms)');
await app.jobs.startWorkers();

app.log.info(`Landing:  ${env.LANDING_URL}`);
app.log.info(`Platform: ${env.PLATFORM_URL}`);
app.log.info(`Back office: ${env.BACKOFFICE_URL}`);
app.log.info(`API docs: ${env.PLATFORM_URL}/docs`);
if (env.SEED) {
  // The demo accounts, so whoever started the product can sign in (staff: the back office, with a second factor).
  const lines = [
    `  player   ${demoAccounts.player.email} / ${demoAccounts.player.password}  (platform)`,
    `  manager  ${demoAccounts.manager.email} / ${demoAccounts.manager.password}  (platform; staff role support)`,
    ...Object.values(demoStaffAccounts).map(
      (account) => `  ${account.role.padEnd(8)} ${account.email} / ${account.password}  (back office)`,
    ),
  ];
  app.log.info(`Demo accounts:\n${lines.join('\n')}`);
}

closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Stop accepting on the hand-over ports first; their connections belong to the app's HTTP server, whose close
  // ends the idle keep-alive ones (a listener's own close would wait for them until the grace delay).
  const handOversClosed = listeners.map(
    (listener) => new Promise<void>((done) => listener.close(() => done())),
  );
  await app.close();
  await Promise.all(handOversClosed);
});
