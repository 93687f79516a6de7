#!/usr/bin/env node
// `npm run cluster -- --processes N`: N server processes on PostgreSQL (DATABASE_URL) and Redis (REDIS_URL)
// behind HAProxy, which serves the three faces on their usual ports (LANDING_PORT, PLATFORM_PORT,
// BACKOFFICE_PORT: 3000, 3001, 3002). Each answer names the process that served it (X-Paws-Node).
// Ctrl-C stops everything. See docs/operations.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildIfStale } from './build-if-stale.mjs';
import { serverCommand } from './server-command.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const { values: args } = parseArgs({ options: { processes: { type: 'string', default: '2' } } });
const count = Number(args.processes);

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}
if (!Number.isInteger(count) || count < 1 || count > 16)
  fail('--processes must be a whole number from 1 to 16');
for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name]) fail(`${name} must be set: the processes share one PostgreSQL and one Redis`);
}

const haproxy = process.env.HAPROXY ?? 'haproxy';
if (spawnSync(haproxy, ['-v']).status !== 0) {
  fail(`HAProxy is not installed: apt-get install -y haproxy (or set HAPROXY to its path)`);
}

const freePort = () =>
  new Promise((done, failed) => {
    const server = createServer();
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const faces = ['landing', 'platform', 'backoffice'];
const publicPort = {
  landing: Number(process.env.LANDING_PORT ?? 3000),
  platform: Number(process.env.PLATFORM_PORT ?? 3001),
  backoffice: Number(process.env.BACKOFFICE_PORT ?? 3002),
};
const publicUrl = {
  landing: process.env.LANDING_URL ?? `http://localhost:${publicPort.landing}`,
  platform: process.env.PLATFORM_URL ?? `http://localhost:${publicPort.platform}`,
  backoffice: process.env.BACKOFFICE_URL ?? `http://localhost:${publicPort.backoffice}`,
};

buildIfStale();

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 10_000).unref();
  Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done())),
    ),
  ).then(() => process.exit(code));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

/** One server process on ports of its own; its public addresses are the load balancer's. */
async function startNode(index) {
  const ports = { landing: await freePort(), platform: await freePort(), backoffice: await freePort() };
  const child = spawn(serverCommand()[0], serverCommand().slice(1), {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LANDING_PORT: String(ports.landing),
      PLATFORM_PORT: String(ports.platform),
      BACKOFFICE_PORT: String(ports.backoffice),
      LANDING_URL: publicUrl.landing,
      PLATFORM_URL: publicUrl.platform,
      BACKOFFICE_URL: publicUrl.backoffice,
      // The client's address is the one HAProxy forwards.
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  children.push(child);
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(`cluster: node${index} exited (${code}); stopping the cluster`);
      stopAll(1);
    }
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node${index} exited at start`);
    const ready = await fetch(`http://127.0.0.1:${ports.platform}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { name: `node${index}`, ports };
    if (Date.now() > deadline) throw new Error(`node${index} not ready in 120 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The first process migrates and seeds alone; the others start on a ready database.
const nodes = [];
try {
  nodes.push(await startNode(1));
  nodes.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => startNode(i + 2)))));
} catch (error) {
  console.error(`cluster: ${error.message}`);
  stopAll(1);
  await new Promise(() => {});
}

/**
 * Least connections, sticky by cookie (socket.io's long-polling handshake must come back to its process;
 * WebSockets stay on theirs), /readyz as the health check, the client's address forwarded. HAProxy keeps its
 * connections to the processes open and reuses them between requests (its default mode): closing each after one
 * request (`option http-server-close`) cost the servers 7–10 % more CPU a spin under bench:platform.
 */
const config = [
  'global',
  '  maxconn 8000',
  'defaults',
  '  mode http',
  '  option forwardfor',
  '  timeout connect 5s',
  '  timeout client 60s',
  '  timeout server 60s',
  '  timeout tunnel 1h',
  ...faces.flatMap((face) => [
    `frontend ${face}`,
    `  bind ${process.env.HOST ?? '0.0.0.0'}:${publicPort[face]}`,
    `  default_backend ${face}_nodes`,
    `backend ${face}_nodes`,
    '  balance leastconn',
    '  cookie PAWS_NODE insert indirect nocache httponly',
    '  option httpchk GET /readyz',
    '  http-response set-header X-Paws-Node %s',
    ...nodes.map(
      ({ name, ports }) => `  server ${name} 127.0.0.1:${ports[face]} check inter 2s cookie ${name}`,
    ),
  ]),
].join('\n');
const dir = mkdtempSync(join(tmpdir(), 'paws-cluster-'));
const configFile = join(dir, 'haproxy.cfg');
writeFileSync(configFile, `${config}\n`);
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'inherit', 'inherit'] });
children.push(balancer);
balancer.once('exit', (code) => {
  if (stopping) return;
  console.error(`cluster: HAProxy exited (${code})`);
  stopAll(1);
});

// Ready when the balancer answers on every face.
for (const face of faces) {
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${publicPort[face]}/readyz`).then(
      (res) => res.ok,
      () => false,
    ))
  ) {
    if (stopping) await new Promise(() => {});
    if (Date.now() > deadline) {
      console.error(`cluster: HAProxy does not answer on port ${publicPort[face]}`);
      stopAll(1);
      await new Promise(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

console.log(
  [
    `PAWS cluster: ${count} process${count === 1 ? '' : 'es'} behind HAProxy (${configFile})`,
    `  landing     ${publicUrl.landing}`,
    `  platform    ${publicUrl.platform}`,
    `  back office ${publicUrl.backoffice}`,
    ...nodes.map(({ name, ports }) => `  ${name}       platform on 127.0.0.1:${ports.platform}`),
    'Ctrl-C stops them all.',
  ].join('\n'),
);
