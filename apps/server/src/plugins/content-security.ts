import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config/env.ts';
import { gamesDist, webDist } from './dists.ts';
import { productOrigins } from './origin-check.ts';

/**
 * The 'sha256-…' sources of the inline <style> or <script> blocks in the built pages (the shell painted
 * before the scripts run, and the loader that starts them: scripts/vite-plugin-paint-first.ts), so that
 * style-src and script-src need no 'unsafe-inline'. A <script> with a src attribute is not inline.
 */
export function inlineHashes(
  tag: 'style' | 'script',
  dirs: readonly string[] = [webDist, gamesDist],
): string[] {
  const hashes = new Set<string>();
  const blocks = new RegExp(`<${tag}(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)<\\/${tag}>`, 'g');
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      // A comment that mentions <style> is not a style block: hashing from there would admit the wrong text.
      const html = readFileSync(join(dir, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      for (const [, text] of html.matchAll(blocks)) {
        hashes.add(
          `'sha256-${createHash('sha256')
            .update(text ?? '')
            .digest('base64')}'`,
        );
      }
    }
  }
  return [...hashes];
}

/** What pages may connect to: the product's own origins, over HTTP and WebSocket. */
export function connectSources(env: Env): string[] {
  const origins = [...productOrigins(env)];
  return ["'self'", ...origins, ...origins.map((origin) => origin.replace(/^http/, 'ws'))];
}
