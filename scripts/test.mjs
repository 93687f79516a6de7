#!/usr/bin/env node
// `npm test`: typecheck, lint, module walls, unit, integration and end-to-end tests, in that order. The unit
// suites all run (each reported) before a failure among them stops the run; any other failing step stops it
// at once. Ends with every step's time and one line with the test counts; exits non-zero on a failure.
// `node scripts/test.mjs unit` (or any step-name prefixes) runs only those steps.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'paws-test-'));
const only = process.argv.slice(2);

const vitest = (workspace, name, group) => ({
  name,
  group,
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
  group: 'walls',
  command: ['npx', 'depcruise', `apps/${app}/src`, '--config', config, '--output-type', 'err'],
  cwd: root,
});

const steps = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'], cwd: root },
  { name: 'lint', command: ['npx', 'biome', 'ci', '.'], cwd: root },
  // Walls (dependency-cruiser): no server module reaches into another's tables or internals; no front-end
  // feature imports another; no cycles anywhere.
  depcruise('server', '.dependency-cruiser.cjs'),
  ...['web', 'backoffice', 'games']
    .filter((app) => existsSync(join(root, 'apps', app, '.dependency-cruiser.cjs')))
    .map((app) => depcruise(app, `apps/${app}/.dependency-cruiser.cjs`)),
  vitest('packages/studio-engine', 'unit-engine', 'unit'),
  vitest('packages/contracts', 'unit-contracts', 'unit'),
  vitest('apps/web', 'unit-web', 'unit'),
  vitest('apps/games', 'unit-games', 'unit'),
  vitest('apps/backoffice', 'unit-backoffice', 'unit'),
  vitest('apps/server', 'integration'),
  { name: 'build', command: ['npm', 'run', 'build'], cwd: root },
  vitest('e2e', 'e2e'),
].filter((step) => only.length === 0 || only.some((o) => step.name.startsWith(o)));

let passed = 0;
let failed = 0;
const results = [];
// Named at the end of the run, where a CI log's tail shows them: what failed, and what passed only on a retry.
const failures = [];
const flaky = [];

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

function summary() {
  console.log('\nStep times:');
  for (const { name, ok, seconds } of results) {
    console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s`);
  }
  const total = results.reduce((sum, result) => sum + result.seconds, 0);
  console.log(`  ${''.padEnd(6)} ${'total'.padEnd(18)} ${total.toFixed(1).padStart(7)} s`);
  if (flaky.length > 0)
    console.log(`\nPassed only on a retry:\n${flaky.map((name) => `  ${name}`).join('\n')}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.map((text) => `  ${text}`).join('\n')}`);
}

function finish(code) {
  summary();
  console.log(`\n${passed} passed, ${code === 0 ? failed : Math.max(failed, 1)} failed`);
  process.exit(code);
}

for (const [index, step] of steps.entries()) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), { cwd: step.cwd, stdio: 'inherit' });
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    collect(report, root);
  }
  const ok = result.status === 0;
  const seconds = (Date.now() - started) / 1000;
  results.push({ name: step.name, ok, seconds });
  console.log(`◀ ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
  // A group's steps all run, so one report names every failing suite of it; then the run stops.
  const next = steps[index + 1];
  const groupGoesOn = step.group && next?.group === step.group;
  if (results.some((r) => !r.ok) && !groupGoesOn) finish(result.status || 1);
}
finish(0);
