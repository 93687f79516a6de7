import { execFile as execFileCb, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCb);

/**
 * Where PostgreSQL's backends spend a bet, by the executor's phases: each share is of the samples whose
 * call stack passes through that function (a stack can pass through two, such as the foreign-key checks
 * inside ExecutorFinish).
 */
const PHASES: Array<[label: string, symbol: string]> = [
  ['plan setup (ExecutorStart)', 'standard_ExecutorStart'],
  ['plan cache check (GetCachedPlan)', 'GetCachedPlan'],
  ['run (ExecutorRun)', 'standard_ExecutorRun'],
  ['writes the answer does not read (ExecutorFinish)', 'standard_ExecutorFinish'],
  ['  of which foreign-key checks', 'AfterTriggerEndQuery'],
  ['  of which index insertions', 'ExecInsertIndexTuples'],
  ['commit (CommitTransactionCommand)', 'CommitTransactionCommand'],
  ['jsonb input', 'jsonb_in'],
  ['TOAST compression', 'toast_compress_datum'],
];

const perfPath = () => ['/usr/bin/perf', '/usr/local/bin/perf'].find((path) => existsSync(path));

/**
 * BENCH_PERF=1: samples the wallet's database backends with `perf` (Debian's linux-perf) while `run` bets,
 * and prints the share of their CPU in each phase. Without perf it says so and only runs.
 */
export async function profileBackends<T>(pids: number[], run: () => Promise<T>): Promise<T> {
  const perf = perfPath();
  if (!perf || pids.length === 0) {
    console.log('  (BENCH_PERF: perf is not installed, or no backend to sample)');
    return run();
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-perf-'));
  const data = join(dir, 'perf.data');
  const recorder = spawn(
    perf,
    ['record', '-e', 'cpu-clock', '-F', '499', '-g', '-o', data, '-p', pids.join(',')],
    { stdio: 'ignore' },
  );
  const stopped = new Promise((resolve) => recorder.once('exit', resolve));
  try {
    const result = await run();
    recorder.kill('SIGINT');
    await stopped;
    const { stdout } = await execFile(
      perf,
      ['report', '-i', data, '--children', '--sort', 'symbol', '--stdio', '-g', 'none'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const shares = new Map<string, string>();
    for (const line of stdout.split('\n')) {
      const match = /^\s+([\d.]+)%\s+[\d.]+%\s+\[\.\]\s+(\S+)/.exec(line);
      if (match) shares.set(match[2]!, match[1]!);
    }
    const samples = /Samples: (\S+)\s+of event 'cpu-clock/.exec(stdout)?.[1] ?? '?';
    // perf's own sampling costs this machine a good part of a core: the round's rates are not comparable.
    console.log(
      `  the wallet's backends under perf (${samples} samples; perf slows this round), share of their CPU:`,
    );
    for (const [label, symbol] of PHASES) console.log(`    ${label}: ${shares.get(symbol) ?? '0'} %`);
    return result;
  } finally {
    if (recorder.exitCode === null) recorder.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
