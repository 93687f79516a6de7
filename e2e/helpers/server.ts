import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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

export interface RunningServer {
  /** Landing origin, on localhost. */
  landing: string;
  /** Platform origin, on 127.0.0.1 so that the browser keeps a separate cookie jar for it. */
  platform: string;
  /** Back-office origin, on localhost (its cookie is its own by name and path). */
  backOffice: string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts the real server (the built web app, a fresh database: PostgreSQL when DATABASE_URL is set,
 * else PGlite in a temporary folder) and waits until it is ready. `extraEnv.DATABASE_URL` points it at an
 * existing database instead (two processes sharing one).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const [landingPort, platformPort, backOfficePort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'paws-e2e-'));
  let dropDatabase = async () => {};
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    LANDING_PORT: String(landingPort),
    PLATFORM_PORT: String(platformPort),
    LANDING_URL: `http://localhost:${landingPort}`,
    PLATFORM_URL: `http://127.0.0.1:${platformPort}`,
    BACKOFFICE_PORT: String(backOfficePort),
    BACKOFFICE_URL: `http://localhost:${backOfficePort}`,
    DATA_DIR: dataDir,
    RATE_LIMIT_IP_SCALE: '50',
    ...extraEnv,
  };
  // A caller-given DATABASE_URL is shared with another server (cluster tests); the caller owns it.
  if (process.env.DATABASE_URL && !extraEnv.DATABASE_URL) {
    const name = `paws_e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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

  const platform = `http://127.0.0.1:${platformPort}`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${platform}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    landing: `http://localhost:${landingPort}`,
    platform,
    backOffice: `http://localhost:${backOfficePort}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh PostgreSQL database for several servers to share; drop() removes it. */
export async function createSharedDatabase(adminUrl: string) {
  const name = `paws_e2e_shared_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
