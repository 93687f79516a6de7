import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { serverCommand } from '../../scripts/server-command.mjs';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * A migrated and seeded starting point, made once per run by the global setup (global-setup.ts): the data
 * folder (PGlite's files and the seeded uploads) and, on PostgreSQL, a database to copy with
 * `create database … template …`. A server started from it skips initdb, the migrations and the seed; in
 * development mode it only adds that mode's demo data (the news posts) at its start.
 */
export interface DatabaseTemplate {
  dataDir: string;
  /** PostgreSQL only: the template database's name (on the server of the run's DATABASE_URL). */
  database?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** From the global setup: one Chromium for the whole run (helpers/browser.ts connects to it). */
    browserWsEndpoint?: string;
    databaseTemplate?: DatabaseTemplate;
    /** From the global setup: where started processes leave their pids (see remember). */
    runDir?: string;
  }
}

/** What the global setup provided, or nothing when this code runs outside a test file (the setup itself). */
export function provided<K extends 'browserWsEndpoint' | 'databaseTemplate' | 'runDir'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

export interface RunningServer {
  /** Landing origin, on localhost. */
  landing: string;
  /** Platform origin, on 127.0.0.1 so that the browser keeps a separate cookie jar for it. */
  platform: string;
  /** Back-office origin, on localhost (its cookie is its own by name and path). */
  backOffice: string;
  /** The server's PostgreSQL database, when it runs on one (a run with DATABASE_URL): tests set clocks back in it. */
  databaseUrl?: string;
  stop(): Promise<void>;
  output(): string;
}

const adminQuery = async (adminUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh PostgreSQL database on the server of `adminUrl`, copied from `template` when given (the run's
 * migrated and seeded one); drop() removes it.
 */
export async function createDatabase(adminUrl: string, template?: string) {
  const name = `paws_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A private Redis (its own redis-server on a free port, nothing saved) for one server or one cluster of them.
 * Socket.io's Redis adapter publishes on fixed channel names and the rate limits use fixed keys, so servers
 * of different test files must not share one Redis: a roulette wheel's or a player's socket packets from one
 * would reach the pages of another (the seeded ids are the same in every copy of the template).
 */
export async function startRedis() {
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const spawned = new Promise<void>((done, fail) => {
    child.once('spawn', done);
    child.once('error', (error) => fail(new Error(`cannot start redis-server: ${error.message}`)));
  });
  await spawned;
  const forget = remember(child.pid);
  const deadline = Date.now() + 10_000;
  while (!/Ready to accept connections/.test(output)) {
    if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`redis-server not ready in 10 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      forget();
    },
  };
}

/**
 * Each process started here leaves its pid in the run's folder (from the global setup) until it is stopped,
 * so that the global teardown can end whatever a failed or killed test file left running.
 */
function remember(pid: number | undefined) {
  const dir = provided('runDir');
  if (!dir || !pid) return () => {};
  const file = join(dir, `${pid}.pid`);
  writeFileSync(file, String(pid));
  return () => rmSync(file, { force: true });
}

export interface StartOptions {
  /**
   * Start from this template (default: the run's); `false` runs initdb, the migrations and the seed as a
   * first start does (the global setup makes the template this way).
   */
  template?: DatabaseTemplate | false;
  /** How long to wait for /readyz (default 90 s). */
  readyTimeoutMs?: number;
  /**
   * The hosts of the two origins (default landing on localhost, platform on 127.0.0.1). Passkeys need a
   * domain name for the platform (an IP address cannot be a WebAuthn relying party id): their journey swaps.
   */
  hosts?: { landing: string; platform: string };
}

/**
 * Starts the real server (the built web app, a fresh database: PostgreSQL when DATABASE_URL is set, else
 * PGlite in a temporary folder) and waits until it is ready. The database starts as a copy of the run's
 * migrated and seeded template when the global setup made one. `extraEnv.DATABASE_URL` points it at an
 * existing database instead (two processes sharing one), and `extraEnv.REDIS_URL` at an existing Redis;
 * otherwise, when the run has a REDIS_URL, the server gets a Redis of its own (see startRedis).
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(extraEnv, options);
    } catch (error) {
      // Tried again, from a fresh copy on other ports: a start that timed out in a plugin (Fastify gives each
      // 10 s; a busy machine with PGlite and the job runner can take longer), and a port picked free that
      // something else (an outgoing connection's local port) took before the server listened on it. Any
      // other failure, or a third, stands.
      const retried = error instanceof Error && /Plugin did not start in time|EADDRINUSE/.test(error.message);
      if (!retried || attempt >= 3) throw error;
      console.warn(`[e2e] a server start failed, trying again:\n${error.message.slice(0, 400)}`);
    }
  }
}

async function startServerOnce(
  extraEnv: Record<string, string>,
  options: StartOptions,
): Promise<RunningServer> {
  const template =
    options.template === false ? undefined : (options.template ?? provided('databaseTemplate'));
  const [landingPort, platformPort, backOfficePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'paws-e2e-'));
  const ownsDataDir = !extraEnv.DATA_DIR;
  // The seeded uploads (news pictures) and, on PGlite, the database itself.
  if (template && ownsDataDir) cpSync(template.dataDir, dataDir, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const hosts = options.hosts ?? { landing: 'localhost', platform: '127.0.0.1' };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    LANDING_PORT: String(landingPort),
    PLATFORM_PORT: String(platformPort),
    LANDING_URL: `http://${hosts.landing}:${landingPort}`,
    PLATFORM_URL: `http://${hosts.platform}:${platformPort}`,
    BACKOFFICE_PORT: String(backOfficePort),
    BACKOFFICE_URL: `http://localhost:${backOfficePort}`,
    DATA_DIR: dataDir,
    RATE_LIMIT_IP_SCALE: '50',
    ...extraEnv,
  };
  try {
    // A caller-given DATABASE_URL is shared with another server (cluster tests); the caller owns it.
    if (process.env.DATABASE_URL && !extraEnv.DATABASE_URL) {
      const database = await createDatabase(process.env.DATABASE_URL, template?.database);
      env.DATABASE_URL = database.url;
      cleanups.push(database.drop);
    }
    if (process.env.REDIS_URL && !extraEnv.REDIS_URL) {
      const redis = await startRedis();
      env.REDIS_URL = redis.url;
      cleanups.push(redis.stop);
    }
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    throw error;
  }

  let output = '';
  const [command, ...args] = serverCommand();
  const child: ChildProcess = spawn(command as string, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const forget = remember(child.pid);

  let stopping: Promise<void> | undefined;
  const server: RunningServer = {
    landing: `http://${hosts.landing}:${landingPort}`,
    platform: `http://${hosts.platform}:${platformPort}`,
    backOffice: `http://localhost:${backOfficePort}`,
    databaseUrl: env.DATABASE_URL,
    output: () => output,
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timeout = new Promise((r) => setTimeout(r, 10_000).unref());
          await Promise.race([exited, timeout]);
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }
        forget();
        for (const cleanup of cleanups.reverse()) await cleanup();
        if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };

  // Ready once /readyz answers; a failed start stops what it started before it throws.
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const deadline = Date.now() + readyTimeoutMs;
  while (true) {
    if (child.exitCode !== null) {
      await server.stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${server.platform}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server not ready in ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

/** A fresh PostgreSQL database for several servers to share (from the run's template); drop() removes it. */
export async function createSharedDatabase(adminUrl: string) {
  return createDatabase(adminUrl, provided('databaseTemplate')?.database);
}
