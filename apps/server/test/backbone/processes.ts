import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export async function freePort() {
  return new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** A real server process (src/main.ts) on its own ports, as production starts one. */
export interface ServerProcess {
  /** The platform face (the port the server listens on). */
  url: string;
  /** The landing and back-office faces: their own ports, handed to the same server (see src/main.ts). */
  landingUrl: string;
  backOfficeUrl: string;
  child: ChildProcess;
  output: () => string;
  /** kill -9: no shutdown hook runs, nothing in flight is finished. */
  crash(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A port from freePort is free when picked, but an outgoing connection's local port (to PostgreSQL, Redis)
 * may take it before the server listens: then the start is tried again on other ports.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<ServerProcess> {
  const platformPort = await freePort();
  const landingPort = await freePort();
  const backOfficePort = await freePort();
  const url = `http://127.0.0.1:${platformPort}`;
  const landingUrl = `http://127.0.0.1:${landingPort}`;
  const backOfficeUrl = `http://127.0.0.1:${backOfficePort}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      HOST: '127.0.0.1',
      PLATFORM_PORT: String(platformPort),
      LANDING_PORT: String(landingPort),
      PLATFORM_URL: url,
      LANDING_URL: landingUrl,
      BACKOFFICE_PORT: String(backOfficePort),
      BACKOFFICE_URL: backOfficeUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // After its output is read to the end, so a failed start shows its whole error.
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await closed;
      throw new Error(`server exited at start:\n${log}`);
    }
    try {
      // Ready, and listening on the back-office port too (handed over right after the platform's listen).
      if ((await fetch(`${url}/readyz`)).ok && (await fetch(`${backOfficeUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    landingUrl,
    backOfficeUrl,
    child,
    output: () => log,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
