// Apart from fairness-panel.ts, which loads on the first click: the games read the revealed seeds at start.
/** A seed pair the player revealed by rotating, kept in this browser to verify its rounds. */
export interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  lastNonce: number | null;
}

export const revealedKey = (game: string) => `paws-studio:revealed:${game}`;

export function readRevealed(game: string): Revealed | null {
  try {
    const raw = localStorage.getItem(revealedKey(game));
    return raw ? (JSON.parse(raw) as Revealed) : null;
  } catch {
    return null;
  }
}
