import { performance } from 'node:perf_hooks';

/**
 * Where a process's start went, phase by phase: each boot step marks its end, and main.ts logs the lot in one
 * line once the ports listen. Times are milliseconds since the process began (performance.now()), so the first
 * phase includes Node's own start and the loading of the bundle. One timeline per process: tests that build
 * many apps only overwrite it.
 */
const marks: Array<{ phase: string; at: number }> = [];

/** Marks the end of a phase of the start (the time since the previous mark is the phase's). */
export function markStart(phase: string) {
  marks.push({ phase, at: performance.now() });
}

/** Each phase's milliseconds, in order, the total since the process began and the CPU milliseconds spent. */
export function startTimeline(): Record<string, number> {
  const phases: Record<string, number> = {};
  let previous = 0;
  for (const { phase, at } of marks) {
    phases[phase] = Math.round((phases[phase] ?? 0) + at - previous);
    previous = at;
  }
  phases.total = Math.round(previous);
  // The process's CPU time so far (all threads), which other work on the machine does not inflate.
  const { user, system } = process.cpuUsage();
  phases.cpu = Math.round((user + system) / 1000);
  return phases;
}
