import { resolve } from 'node:path';
import { repoRoot } from '../config/env.ts';

/** Where the builds the server serves live. */
export const webDist = resolve(repoRoot, 'apps/web/dist');
export const gamesDist = resolve(repoRoot, 'apps/games/dist');
export const backOfficeDist = resolve(repoRoot, 'apps/backoffice/dist');
