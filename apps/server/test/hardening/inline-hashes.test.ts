import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineHashes } from '../../src/plugins/content-security.ts';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const dir = mkdtempSync(join(tmpdir(), 'paws-csp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the CSP's inline hashes", () => {
  it('hash each <style> block of the built pages, and not text that a comment mentioning <style> starts', () => {
    const css = 'body{background:#101014}';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><!-- the <style> below paints the shell --><style>${css}</style></head>`,
    );
    expect(inlineHashes('style', [dir])).toEqual([hashOf(css)]);
  });

  it('hash each inline <script> (the loader), and no script loaded by its src', () => {
    const loader = '(() => import("/assets/index.js"))()';
    writeFileSync(
      join(dir, 'index.html'),
      `<!doctype html><head><script type="module" src="/assets/other.js"></script><script type="module">${loader}</script><style>p{}</style></head>`,
    );
    expect(inlineHashes('script', [dir])).toEqual([hashOf(loader)]);
  });
});
