// `npm start` as a person runs it, timed from the spawn to the first 200 on /readyz (platform port) and on the
// landing page, on the embedded database (no DATABASE_URL, no REDIS_URL) in a data directory of its own: the
// first start (initdb, migrations, the demo seed) and then BENCH_RUNS second starts on the same directory, each
// with the phases of the server's own start timeline. Beside them, in the same run, the reference: a bare
// Fastify hello-world process to its first 200 on the same Node, and each start's ratio to it.
// It builds nothing itself: npm start builds what is stale first (run `npm run build` before for start-only
// figures). Other work on the machine weighs on every figure: it prints the load average beside them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../lib/cluster.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 3);

async function firstOk(url: string, child: ChildProcess, deadline: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Stops the whole process group (npm, scripts/start.mjs and the server) and waits for it to end. */
function stopGroup(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

interface Start {
  readyz: number;
  landing: number;
  phases: Record<string, number>;
}

async function npmStart(dataDir: string): Promise<Start> {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LANDING_PORT: String(landing),
    PLATFORM_PORT: String(platform),
    BACKOFFICE_PORT: String(backOffice),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'LANDING_URL',
    'PLATFORM_URL',
    'BACKOFFICE_URL',
    'NODE_ENV',
  ]) {
    delete env[name];
  }
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    const deadline = Date.now() + 180_000;
    await firstOk(`http://127.0.0.1:${platform}/readyz`, child, deadline);
    const readyz = performance.now() - started;
    await firstOk(`http://127.0.0.1:${landing}/`, child, deadline);
    const landed = performance.now() - started;
    const line = output.split('\n').find((text) => text.includes('start timeline'));
    const phases = line ? (JSON.parse(line) as { phases: Record<string, number> }).phases : {};
    return { readyz, landing: landed, phases };
  } finally {
    await stopGroup(child);
  }
}

async function bareStart(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(repoRoot, 'bench/pipeline/bare.mjs'), String(port)], {
    cwd: join(repoRoot, 'bench'),
    detached: true,
    stdio: 'ignore',
  });
  try {
    await firstOk(`http://127.0.0.1:${port}/`, child, Date.now() + 60_000);
    return performance.now() - started;
  } finally {
    await stopGroup(child);
  }
}

const seconds = (ms: number) => Number((ms / 1000).toFixed(2));
const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'paws-bench-start-'));
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
const rows: Record<string, unknown>[] = [];
const seconds2: number[] = [];
try {
  console.log(`load average before: ${load()}`);
  const row = async (label: string, start: Start, bare: number) => {
    rows.push({
      start: label,
      'readyz s': seconds(start.readyz),
      'landing s': seconds(start.landing),
      'bare s': seconds(bare),
      'readyz / bare': Number((start.readyz / bare).toFixed(1)),
      'load avg': load(),
      ...start.phases,
    });
  };
  await row('first', await npmStart(dataDir), await bareStart());
  for (let run = 1; run <= runs; run++) {
    const bare = await bareStart();
    const start = await npmStart(dataDir);
    seconds2.push(start.readyz);
    await row(`second #${run}`, start, bare);
  }
} finally {
  cleanUp();
}
console.log("Start to the first 200 (npm start, embedded database); phases: the server's start timeline, ms");
console.table(rows);
console.log(`second start, median of ${runs}: ${seconds(median(seconds2))} s; load average after: ${load()}`);
