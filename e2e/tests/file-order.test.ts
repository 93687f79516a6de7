import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { longestFirst, readFileTimes } from '../helpers/file-times.ts';

// The two e2e lanes end together only if the longest files start first; CI's clean clone has no vitest cache.
describe('e2e file order', () => {
  const byPath = (path: string) => path;

  it('puts the recorded files longest first and the unrecorded before them, in their given order', () => {
    const files = ['/e/tests/a.test.ts', '/e/tests/new.test.ts', '/e/tests/b.test.ts', '/e/tests/c.test.ts'];
    const times = { 'a.test.ts': 20, 'b.test.ts': 95.5, 'c.test.ts': 40 };
    expect(longestFirst(files, byPath, times)).toEqual([
      '/e/tests/new.test.ts',
      '/e/tests/b.test.ts',
      '/e/tests/c.test.ts',
      '/e/tests/a.test.ts',
    ]);
  });

  it('reads a record, keeps only numbers, and reads a missing or broken record as none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paws-file-times-'));
    const record = join(dir, 'file-times.json');
    writeFileSync(record, JSON.stringify({ 'a.test.ts': 12.5, 'b.test.ts': 'slow' }));
    expect(readFileTimes(pathToFileURL(record))).toEqual({ 'a.test.ts': 12.5 });
    writeFileSync(record, '{ not json');
    expect(readFileTimes(pathToFileURL(record))).toEqual({});
    expect(readFileTimes(pathToFileURL(join(dir, 'missing.json')))).toEqual({});
  });
});
