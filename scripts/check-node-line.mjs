#!/usr/bin/env node
// CI's check of the second maintained Node line, run by that Node after `npm test` has run everything on the
// pinned one: `"$(scripts/registry-node.sh 24)/node" scripts/check-node-line.mjs`. Cheap beside the whole suite:
// - the unit tests of the game engine and the contracts, and a slice of the server's integration tests (money
//   moves, deposits, studio sessions and spins, the job queue, passkeys' WebCrypto), on DATABASE_URL if set;
// - the built server (apps/server/dist, from npm run build) started on an embedded database, answering /readyz,
//   serving the landing page, and a new player signing up, depositing and spinning through HTTP.
// Everything it starts runs on this Node: vitest's workers and the server are spawned with process.execPath.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverCommand } from './server-command.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Anything that spawns `node` by name finds this one first.
const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
const integrationSlice = [
  'test/foundation.test.ts',
  'test/wallet/concurrency.test.ts',
  'test/payments/payments.test.ts',
  'test/studio/studio-games-session-api.test.ts',
  'test/studio/studio-games-rounds-api.test.ts',
  'test/backbone/events.test.ts',
  'test/identity/passkeys.test.ts',
];

console.log(`Node line check on Node ${process.version}`);
const started = Date.now();

function vitestRun(workspace, files = []) {
  console.log(`\n== vitest in ${workspace} on Node ${process.version}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...files], {
    cwd: join(root, workspace),
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vitest in ${workspace} failed on Node ${process.version}`);
}

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });
}

async function builtServerJourney() {
  console.log(`\n== the built server on Node ${process.version}, embedded database`);
  const [landingPort, platformPort, backOfficePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'paws-node-line-'));
  const serverEnv = {
    ...env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    LANDING_PORT: String(landingPort),
    PLATFORM_PORT: String(platformPort),
    BACKOFFICE_PORT: String(backOfficePort),
    DATA_DIR: dataDir,
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.REDIS_URL;
  const [command, ...args] = serverCommand();
  const server = spawn(command, args, { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise((done) =>
    server.once('exit', (code, signal) => done(`exited (${code ?? signal})`)),
  );
  try {
    const platform = `http://localhost:${platformPort}`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      const ready = await Promise.race([
        fetch(`${platform}/readyz`).then(
          (res) => (res.ok ? 'ready' : undefined),
          () => undefined,
        ),
        exited,
      ]);
      if (ready === 'ready') break;
      if (ready) throw new Error(`the server ${ready} before /readyz answered`);
      if (Date.now() > deadline) throw new Error('/readyz did not answer within 180 s');
      await new Promise((done) => setTimeout(done, 250));
    }
    console.log(`/readyz answered after ${((Date.now() - started) / 1000).toFixed(1)} s of the check`);
    const landing = await fetch(`http://localhost:${landingPort}/`);
    if (!landing.ok || !(await landing.text()).includes('<html'))
      throw new Error(`the landing page answered ${landing.status}`);
    await playerJourney(platform);
  } finally {
    const stopping = Date.now();
    server.kill('SIGTERM');
    console.log(`the server ${await exited} ${((Date.now() - stopping) / 1000).toFixed(1)} s after SIGTERM`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A new player signs up (the link from the development outbox), deposits, opens Wild Paws through the studio's
 * launch flow and spins once; the balance is the deposit less the stake plus the payout. */
async function playerJourney(platform) {
  const cookies = new Map();
  const call = async (method, path, expected, body, bearer) => {
    const res = await fetch(`${platform}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        origin: platform,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    if (res.status !== expected)
      throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
  const email = `node-line.${Date.now()}@example.com`;
  await call('POST', '/api/identity/auth/registration', 201, {
    email,
    password: 'Node-line#2026',
    ageConfirmed: true,
    callbackUrl: `${platform}/callback/register`,
  });
  const { messages } = await call('GET', '/api/dev/outbox', 200);
  const link = messages.find((message) => message.recipient === email)?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no sign-up link to ${email} in the outbox`);
  await call('POST', '/api/identity/auth/registration/verify', 201, {
    token: new URL(link).searchParams.get('token'),
  });
  await call('POST', '/api/platform/users/deposit', 201, { amount: 100, paymentMethod: 'CARD' });
  const launch = await call('POST', '/api/platform/catalog/game/url', 201, {
    gameCode: 'wild-paws',
    providerCodeName: 'paws-studio',
  });
  const params = new URL(launch.url, platform).searchParams;
  const host = params.get('host');
  const session = await call('POST', '/api/studio/session', 201, {
    launch: params.get('launch'),
    ...(host ? { host } : {}),
  });
  const { round } = await call(
    'POST',
    '/api/studio/wild-paws/spin',
    201,
    { fund: 'cash', stake: 0.2 },
    session.sessionToken,
  );
  const { balances } = await call('GET', '/api/platform/profile/user-data', 200);
  const balance = balances.find((b) => b.currencyCode === 'USD')?.amount;
  const expected = Math.round((100 - 0.2 + round.payout) * 100) / 100;
  if (balance !== expected)
    throw new Error(`balance ${balance} after a deposit of 100 and a spin paying ${round.payout}`);
  console.log(`signed up, deposited 100, spun Wild Paws (payout ${round.payout}): balance ${balance}`);
}

try {
  vitestRun('packages/studio-engine');
  vitestRun('packages/contracts');
  vitestRun('apps/server', integrationSlice);
  await builtServerJourney();
  console.log(
    `\nNode line check passed on Node ${process.version} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} catch (error) {
  console.error(`\nNode line check FAILED on Node ${process.version}: ${error.message}`);
  process.exit(1);
}
