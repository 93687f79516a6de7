import { createHash } from 'node:crypto';

/**
 * What the player's history shows for a game session: a one-way reference to its token (tokens are 256-bit
 * random, so the reference cannot be turned back into one), stable for the session.
 */
export const sessionReference = (token: string) =>
  `gs_${createHash('sha256').update(`game-session:${token}`).digest('base64url').slice(0, 22)}`;
