// Writes file-times.json (each e2e file's seconds) from a vitest JSON report, e.g. the e2e step's report that
// `npm test` keeps: node e2e/record-file-times.mjs <report.json>. Files that failed keep their earlier time (a
// failure's time says little about the next run); files not in the report keep theirs.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

const reportPath = process.argv[2];
if (!reportPath) {
  console.error('usage: node e2e/record-file-times.mjs <vitest JSON report>');
  process.exit(2);
}
const target = new URL('./file-times.json', import.meta.url);
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
let times = {};
try {
  times = JSON.parse(readFileSync(target, 'utf8'));
} catch {}
let recorded = 0;
for (const file of report.testResults ?? []) {
  if (file.status !== 'passed' || !file.name.endsWith('.test.ts')) continue;
  times[basename(file.name)] = Math.round((file.endTime - file.startTime) / 100) / 10;
  recorded += 1;
}
const sorted = Object.fromEntries(Object.entries(times).sort(([, a], [, b]) => b - a));
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`recorded ${recorded} files' times in ${target.pathname}`);
