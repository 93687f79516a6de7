import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { browserLaunchOptions } from './helpers/browser.ts';
import { createDatabase, type DatabaseTemplate, type RunningServer, startServer } from './helpers/server.ts';
import { type SharedServerGroup, sharedServerGroups } from './helpers/shared-servers.ts';
import { runMembers } from './sequencer.ts';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const log = (message: string) => {
  if (process.env.E2E_TIMINGS) console.log(`[e2e setup] ${message}`);
};

/** An empty PGlite cluster in `dataDir`, made as the server's `new PGlite(dataDir)` makes it. */
async function initPglite(dataDir: string) {
  const fromServer = createRequire(join(repoRoot, 'apps/server/package.json'));
  const { PGlite } = (await import(
    pathToFileURL(fromServer.resolve('@electric-sql/pglite')).href
  )) as typeof import('@electric-sql/pglite');
  const db = new PGlite(dataDir);
  await db.query('select 1');
  await db.close();
}

/**
 * Migrates and seeds a database by a real first start of the server (test mode), then stops it: every server
 * of the run starts from a copy (helpers/server.ts), with no initdb, migration or seed of its own.
 */
async function makeTemplate(): Promise<{ template: DatabaseTemplate; drop(): Promise<void> }> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), `paws-e2e-template-`));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
  const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir };
  if (database) env.DATABASE_URL = database.url;
  try {
    // PGlite's initdb takes seconds of CPU, which on a busy machine outlasts the server's 10 s plugin
    // timeout: the cluster is made here first, by the server's own PGlite, and the server opens it.
    if (!database) await initPglite(dataDir);
    const server = await startServer(env, { template: false, readyTimeoutMs: 300_000 });
    await server.stop();
  } catch (error) {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  log(`template in ${Date.now() - started} ms`);
  return {
    template: { dataDir, database: database?.name },
    async drop() {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The shared servers' keeper (helpers/shared-servers.ts): a member's first ask starts its group's server
 * (from the template), later asks wait for the same start, and once every member of the run has let go (the
 * run's files from the sequencer) the server stops; the teardown stops whatever is left.
 */
async function startCoordinator(template: DatabaseTemplate | undefined) {
  const servers = new Map<SharedServerGroup, Promise<RunningServer>>();
  const released = new Map<SharedServerGroup, Set<string>>();
  const stopGroup = async (group: SharedServerGroup) => {
    const server = servers.get(group);
    servers.delete(group);
    if (server) await (await server.catch(() => undefined))?.stop();
  };
  const http = createHttpServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://coordinator');
    const group = url.searchParams.get('group') as SharedServerGroup | null;
    const file = url.searchParams.get('file') ?? '';
    if (req.method !== 'POST' || !group || !(group in sharedServerGroups)) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (url.pathname === '/acquire') {
        let server = servers.get(group);
        if (!server) {
          const started = Date.now();
          server = startServer({ ...sharedServerGroups[group].env }, { template: template ?? false });
          server.then(
            () => log(`${group} shared server ready in ${Date.now() - started} ms`),
            () => servers.delete(group),
          );
          servers.set(group, server);
        }
        const { landing, platform, backOffice } = await server;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ landing, platform, backOffice }));
        return;
      }
      if (url.pathname === '/release') {
        const done = released.get(group) ?? new Set<string>();
        done.add(file);
        released.set(group, done);
        const members = runMembers(group);
        if (members?.every((member) => done.has(member))) {
          log(`${group} shared server stopped: its last member is done`);
          await stopGroup(group);
        }
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      res.writeHead(500).end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((done) => http.close(done));
      for (const group of [...servers.keys()]) await stopGroup(group);
    },
  };
}

/** Ends the processes a test file started and could not stop (their pids left in the run's folder). */
function endLeftovers(runDir: string) {
  for (const file of readdirSync(runDir)) {
    const pid = Number(readFileSync(join(runDir, file), 'utf8'));
    try {
      process.kill(pid, 'SIGKILL');
      console.warn(`[e2e teardown] ended process ${pid}, left running by a test file`);
    } catch {}
  }
}

/**
 * The run's shared pieces: one Chromium (test files connect to it, each with its own contexts), the migrated
 * and seeded database template the servers start from, and the shared servers' keeper.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // The servers run from their build (scripts/server-command.mjs): rebuilt first when a source is newer.
  buildIfStale();
  const runDir = mkdtempSync(join(tmpdir(), 'paws-e2e-run-'));
  project.provide('runDir', runDir);
  const cleanups: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
    endLeftovers(runDir);
    rmSync(runDir, { recursive: true, force: true });
  };
  const [browser, template] = await Promise.allSettled([
    chromium.launchServer(browserLaunchOptions),
    makeTemplate(),
  ]);
  if (browser.status === 'fulfilled') cleanups.push(() => browser.value.close());
  if (template.status === 'fulfilled') cleanups.push(template.value.drop);
  if (browser.status === 'rejected' || template.status === 'rejected') {
    await teardown();
    throw browser.status === 'rejected' ? browser.reason : (template as PromiseRejectedResult).reason;
  }
  const coordinator = await startCoordinator(template.value.template);
  cleanups.push(coordinator.close);
  project.provide('browserWsEndpoint', browser.value.wsEndpoint());
  project.provide('databaseTemplate', template.value.template);
  project.provide('sharedServers', coordinator.url);
  log(`ready in ${Date.now() - started} ms`);
  return teardown;
}
