#!/usr/bin/env node
// `npm test`: typecheck, lint, module boundaries, unit, integration and end-to-end tests, in that order.
// Stops at the first failing step and exits non-zero; prints one closing line with the test counts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'paws-test-'));
const only = process.argv.slice(2);

const vitest = (workspace, name) => ({
  name,
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
const steps = [
  { name: 'typecheck', command: ['npm', 'run', 'typecheck'], cwd: root },
  { name: 'lint', command: ['npx', 'biome', 'ci', '.'], cwd: root },
  // Module boundaries (.dependency-cruiser.cjs): no module reaches into another's tables or internals.
  {
    name: 'boundaries',
    command: [
      'npx',
      'depcruise',
      'apps/server/src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err',
    ],
    cwd: root,
  },
  vitest('apps/web', 'unit-web'),
  vitest('apps/games', 'unit-games'),
  vitest('apps/backoffice', 'unit-backoffice'),
  vitest('apps/server', 'integration'),
  { name: 'build', command: ['npm', 'run', 'build'], cwd: root },
  vitest('e2e', 'e2e'),
].filter((step) => only.length === 0 || only.some((o) => step.name.startsWith(o)));

let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const result = spawnSync(step.command[0], step.command.slice(1), { cwd: step.cwd, stdio: 'inherit' });
  if (step.report && existsSync(step.report)) {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
  console.log(
    `◀ ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    console.log(`\n${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
