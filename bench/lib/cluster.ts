// What the realtime benchmarks share: real server processes on a bench database, and players with live
// sessions written straight to it (no sign-in flow per socket).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import pg from 'pg';
import { createSecrets } from '../../apps/server/src/modules/identity/crypto.ts';
import { createStaffCrypto, newSessionToken } from '../../apps/server/src/modules/staff/auth/crypto.ts';
import { serverCommand } from '../../scripts/server-command.mjs';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export interface Running {
  pid: number;
  origin: string;
  /** The back office's port, and the origin its pages are served from (what its calls must send). */
  backOffice: string;
  backOfficeOrigin: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  databaseUrl: string;
  secret: string;
  /** The socket.io Redis adapter (and Redis rate limits) when set. */
  redisUrl?: string;
  /** Extra environment for the process. */
  env?: Record<string, string>;
}

/** A real server process (the built server, as npm start runs it) on the bench database, ready when this resolves. */
export async function startServer(options: ServerOptions): Promise<Running> {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${platform}`;
  const [command, ...serverArgs] = serverCommand();
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...serverArgs] : serverArgs;
  const child: ChildProcess = spawn(command as string, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRET: options.secret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      LANDING_PORT: String(landing),
      PLATFORM_PORT: String(platform),
      BACKOFFICE_PORT: String(backOffice),
      LANDING_URL: `http://localhost:${landing}`,
      PLATFORM_URL: origin,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? '',
      SEED: 'false',
      // Production defaults, with the sandbox payment provider the benches deposit through.
      STUDIO_WALLET_SECRET: randomBytes(32).toString('hex'),
      PAYMENTS_SANDBOX: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server not ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    pid: child.pid as number,
    origin,
    backOffice: `http://127.0.0.1:${backOffice}`,
    backOfficeOrigin: `http://localhost:${backOffice}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface BenchPerson {
  userId: string;
  email: string;
  cookie: string;
}

/**
 * `count` players and one manager with live sessions, written straight to the database: the access-token
 * cookie of each is signed with the servers' SECRET, as a sign-in would.
 */
export async function createPlayers(databaseUrl: string, secret: string, count: number) {
  const secrets = createSecrets(secret);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const now = new Date();
  const expires = new Date(now.getTime() + 24 * 3600 * 1000);
  const people: BenchPerson[] = [];
  try {
    for (let start = 0; start <= count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count + 1 - start) }, () => ({
        userId: randomUUID(),
        sessionId: randomUUID(),
      }));
      const values: unknown[] = [];
      const rows = batch.map((person, i) => {
        values.push(
          person.userId,
          `bench-${person.userId}@paws.local`,
          start + i === 0 ? 'manager' : 'player',
        );
        return `($${values.length - 2}::uuid, $${values.length - 1}, 'x', $${values.length}::user_role)`;
      });
      await client.query(
        `insert into users (id, email, password_hash, role) values ${rows.join(',')}`,
        values,
      );
      const sessionValues: unknown[] = [];
      const sessionRows = batch.map((person) => {
        sessionValues.push(person.sessionId, person.userId, randomBytes(16).toString('hex'), now, expires);
        const n = sessionValues.length;
        return `($${n - 4}::uuid, gen_random_uuid(), $${n - 3}::uuid, $${n - 2}, $${n - 1}, $${n})`;
      });
      await client.query(
        `insert into sessions (id, family_id, user_id, token_hash, created_at, expires_at) values ${sessionRows.join(',')}`,
        sessionValues,
      );
      for (const person of batch) {
        const token = await secrets.signAccessToken(
          { userId: person.userId, sessionId: person.sessionId },
          now,
          3600,
        );
        people.push({
          userId: person.userId,
          email: `bench-${person.userId}@paws.local`,
          cookie: `${ACCESS_TOKEN_COOKIE}=${token}`,
        });
      }
    }
  } finally {
    await client.end();
  }
  const [manager, ...players] = people;
  return { manager: manager as BenchPerson, players };
}

/**
 * A back-office session for an account with these staff roles, written straight to the database as a
 * finished sign-in (password and authenticator code) would write it; answers its cookie.
 */
export async function createStaffSession(
  databaseUrl: string,
  secret: string,
  userId: string,
  roles: string[],
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const role of roles) {
      await client.query('insert into staff_roles (user_id, role) values ($1, $2::staff_role)', [
        userId,
        role,
      ]);
    }
    const token = newSessionToken();
    await client.query(
      `insert into staff_sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '12 hours')`,
      [userId, createStaffCrypto(secret).hashToken(token)],
    );
    return `${STAFF_SESSION_COOKIE}=${token}`;
  } finally {
    await client.end();
  }
}
