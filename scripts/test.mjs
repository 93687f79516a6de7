#!/usr/bin/env node
// `npm test`: typecheck, lint, module walls, unit tests and the build, then integration, then end-to-end
// tests. The first stage's steps run two at a time (typecheck, one tsc at a time, leaves a core to the rest),
// each step's output held and printed whole when it ends; every step of a stage runs
// (each reported) before a failure among them stops the run. Ends with every step's time, the run's wall
// time and one line with the test counts; exits non-zero on a failure.
// `node scripts/test.mjs unit` (or any step-name prefixes) runs only those steps.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'paws-test-'));
const only = process.argv.slice(2);

const vitest = (workspace, name, stage) => ({
  name,
  stage,
  command: [
    'npx',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${join(reports, `${name}.json`)}`,
  ],
  cwd: join(root, workspace),
  report: join(reports, `${name}.json`),
});
const depcruise = (app, config) => ({
  name: `walls-${app}`,
  stage: 'checks',
  command: ['npx', 'depcruise', `apps/${app}/src`, '--config', config, '--output-type', 'err'],
  cwd: root,
});

const steps = [
  { name: 'typecheck', stage: 'checks', command: ['npm', 'run', 'typecheck'], cwd: root },
  { name: 'lint', stage: 'checks', command: ['npx', 'biome', 'ci', '.'], cwd: root },
  // Walls (dependency-cruiser): no server module reaches into another's tables or internals; no front-end
  // feature imports another; no cycles anywhere.
  depcruise('server', '.dependency-cruiser.cjs'),
  ...['web', 'backoffice', 'games']
    .filter((app) => existsSync(join(root, 'apps', app, '.dependency-cruiser.cjs')))
    .map((app) => depcruise(app, `apps/${app}/.dependency-cruiser.cjs`)),
  vitest('packages/studio-engine', 'unit-engine', 'checks'),
  vitest('packages/contracts', 'unit-contracts', 'checks'),
  vitest('apps/web', 'unit-web', 'checks'),
  vitest('apps/games', 'unit-games', 'checks'),
  vitest('apps/backoffice', 'unit-backoffice', 'checks'),
  // No unit test reads the build; the integration tests do (the pages' inline-style hashes), so it is done
  // before them, beside the checks.
  { name: 'build', stage: 'checks', command: ['npm', 'run', 'build'], cwd: root },
  // Each uses both cores by itself (two test files at a time; the e2e's browser and servers).
  vitest('apps/server', 'integration', 'integration'),
  vitest('e2e', 'e2e', 'e2e'),
].filter((step) => only.length === 0 || only.some((o) => step.name.startsWith(o)));

const runStarted = Date.now();
let passed = 0;
let failed = 0;
const results = [];
// Named at the end of the run, where a CI log's tail shows them: what failed, and what passed only on a retry.
const failures = [];
const flaky = [];
// The e2e files' own times, the slowest named at the end: where e2e time goes, and the lanes' balance
// (e2e/file-times.json, which orders them, is refreshed from the kept report by e2e/record-file-times.mjs).
const e2eFiles = [];

function firstLines(message, count) {
  return message
    .split('\n')
    .slice(0, count)
    .map((line) => `      ${line}`)
    .join('\n');
}

function collect(report, root) {
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    if (file.status === 'failed' && file.assertionResults.length === 0 && file.message) {
      failures.push(`${where}\n${firstLines(file.message, 4)}`);
    }
    for (const test of file.assertionResults) {
      const messages = test.failureMessages ?? [];
      if (test.status === 'failed')
        failures.push(`${where} › ${test.fullName}\n${firstLines(messages.at(-1) ?? '', 6)}`);
      else if (test.status === 'passed' && messages.length > 0) flaky.push(`${where} › ${test.fullName}`);
    }
  }
}

function fileSeconds(report, root) {
  return (report.testResults ?? []).map((file) => ({
    where: file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name,
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

function summary() {
  if (e2eFiles.length > 0) {
    const slowest = [...e2eFiles].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    console.log(`\nSlowest e2e files (all ${e2eFiles.length} in ${join(reports, 'e2e.json')}):`);
    for (const { where, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${where}`);
  }
  console.log('\nStep times:');
  for (const { name, ok, seconds } of [...results].sort((a, b) => a.order - b.order)) {
    console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s`);
  }
  const total = results.reduce((sum, result) => sum + result.seconds, 0);
  console.log(`  ${''.padEnd(6)} ${'sum of steps'.padEnd(18)} ${total.toFixed(1).padStart(7)} s`);
  const wall = (Date.now() - runStarted) / 1000;
  console.log(`  ${''.padEnd(6)} ${'wall time'.padEnd(18)} ${wall.toFixed(1).padStart(7)} s`);
  if (flaky.length > 0)
    console.log(`\nPassed only on a retry:\n${flaky.map((name) => `  ${name}`).join('\n')}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((text) => `  ${text}`).join('\n')}`);
}

function finish(code) {
  summary();
  console.log(`\n${passed} passed, ${code === 0 ? failed : Math.max(failed, 1)} failed`);
  process.exit(code);
}

/**
 * Runs a step and notes the result. Beside other steps its output is held and printed whole under its name
 * when it ends; alone (`live`), it is shown as it comes.
 */
async function run(step, live) {
  const started = Date.now();
  const chunks = [];
  if (live) console.log(`\n▶ ${step.name}`);
  const status = await new Promise((done) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: step.cwd,
      // Colours as on the terminal, though the held output goes through a pipe.
      env: process.stdout.isTTY ? { FORCE_COLOR: '1', ...process.env } : process.env,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
  const seconds = (Date.now() - started) / 1000;
  const ok = status === 0;
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    collect(report, root);
    if (step.name === 'e2e') e2eFiles.push(...fileSeconds(report, root));
  }
  if (!live) {
    console.log(`\n▶ ${step.name}`);
    process.stdout.write(Buffer.concat(chunks));
  }
  console.log(`◀ ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  results.push({ name: step.name, ok, seconds, order: steps.indexOf(step) });
  return status;
}

/** The steps of one stage, `slots` at a time in their listed order; resolves when all have ended. */
async function runStage(stageSteps, slots) {
  const queue = [...stageSteps];
  let firstFailure = 0;
  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const status = await run(step, slots === 1);
      if (status !== 0 && firstFailure === 0) firstFailure = status;
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return firstFailure;
}

const stages = [...new Set(steps.map((step) => step.stage))];
for (const stage of stages) {
  const status = await runStage(
    steps.filter((step) => step.stage === stage),
    stage === 'checks' ? 2 : 1,
  );
  if (status !== 0) finish(status);
}
finish(0);
