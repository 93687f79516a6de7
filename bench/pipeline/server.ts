// One PAWS server process for the pipeline bench, started as `npm start` starts it, in production mode with
// the default logging and the demo data (the catalogue and the news the read paths serve).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverCommand } from '../../scripts/server-command.mjs';
import { freePort } from '../lib/cluster.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface PawsServer {
  label: string;
  origin: string;
  pid: number;
  /** Seconds from spawning the process to its first 200 (GET /readyz). */
  startSeconds: number;
  /** The embedded database's directory (kept after stop for a second start; removed when the bench exits). */
  dataDir: string;
  stop(): Promise<void>;
}

const dataDirs: string[] = [];
process.on('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

export async function startPaws(options: {
  label: string;
  databaseUrl?: string;
  secret?: string;
  dataDir?: string;
  /** A built server to run instead of apps/server/dist/main.js (BENCH_BASELINE: the one before a change). */
  entry?: string;
}): Promise<PawsServer> {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${platform}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'paws-bench-pipeline-'));
  if (!options.dataDir) dataDirs.push(dataDir);
  const [command, ...builtArgs] = serverCommand();
  const serverArgs = options.entry ? [...builtArgs.slice(0, -1), options.entry] : builtArgs;
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...serverArgs] : serverArgs;
  const started = performance.now();
  const child: ChildProcess = spawn(command as string, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      SECRET: options.secret ?? randomBytes(32).toString('hex'),
      STUDIO_WALLET_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      LANDING_PORT: String(landing),
      PLATFORM_PORT: String(platform),
      BACKOFFICE_PORT: String(backOffice),
      LANDING_URL: `http://localhost:${landing}`,
      PLATFORM_URL: origin,
      DATABASE_URL: options.databaseUrl ?? '',
      DATA_DIR: dataDir,
      SEED: 'true',
    },
    // Production logging is on and written; the bench does not read it.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A first start on a loaded machine (the embedded database's initdb and migrations) can take minutes.
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 300);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.label} server exited early`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.label} server not ready in ${startSeconds} s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    label: options.label,
    origin,
    pid: child.pid as number,
    startSeconds: Number(((performance.now() - started) / 1000).toFixed(2)),
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
