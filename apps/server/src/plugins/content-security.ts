import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../config/env.ts';
import { gamesDist, webDist } from './dists.ts';
import { productOrigins } from './origin-check.ts';

/**
 * The 'sha256-…' sources of the <style> blocks in the built pages (the app shell painted before the
 * scripts run), so that style-src needs no 'unsafe-inline'.
 */
export function inlineStyleHashes(dirs: readonly string[] = [webDist, gamesDist]): string[] {
  const hashes = new Set<string>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.html'))) {
      // A comment that mentions <style> is not a style block: hashing from there would admit the wrong text.
      const html = readFileSync(join(dir, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      for (const [, css] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
        hashes.add(
          `'sha256-${createHash('sha256')
            .update(css ?? '')
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
