import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineStyleHashes } from '../../src/plugins/content-security.ts';

const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
const dir = mkdtempSync(join(tmpdir(), 'paws-csp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the CSP's inline style hashes", () => {
  it('hash each <style> block of the built pages, and not text that a comment mentioning <style> starts', () => {
    const css = 'body{background:#101014}';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><!-- the <style> below paints the shell --><style>${css}</style></head>`,
    );
    expect(inlineStyleHashes([dir])).toEqual([hashOf(css)]);
  });
});
