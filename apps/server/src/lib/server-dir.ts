import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (apps/server: its migrations, its static sandbox page), found from this file
 * whether it runs from its sources (src/, tests and development) or from the built bundle (dist/main.js).
 */
export const serverDir = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'drizzle', 'meta'))) {
    const up = dirname(dir);
    if (up === dir)
      throw new Error(`the server's folder (with drizzle/meta) is not above ${import.meta.url}`);
    dir = up;
  }
  return dir;
})();
