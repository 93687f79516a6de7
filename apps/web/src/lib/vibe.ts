/** Colour themes (spec 000 §3). The attribute on <html> switches the accent variables in styles/theme.css. */
export const vibes = ['strategic-green', 'aggressive-red', 'calm-blue'] as const;
export type Vibe = (typeof vibes)[number];
export const defaultVibe: Vibe = 'strategic-green';
export const VIBE_STORAGE_KEY = 'vibe';

export const isVibe = (value: unknown): value is Vibe =>
  typeof value === 'string' && (vibes as readonly string[]).includes(value);

export function readStoredVibe(): Vibe {
  try {
    const stored = localStorage.getItem(VIBE_STORAGE_KEY);
    return isVibe(stored) ? stored : defaultVibe;
  } catch {
    return defaultVibe;
  }
}

export function applyVibe(vibe: Vibe, root: HTMLElement = document.documentElement): void {
  root.dataset.vibe = vibe;
}

/** Applies and remembers a vibe. The animated transition overlay (spec 000 §4) comes with the vibe menu. */
export function setVibe(vibe: Vibe): void {
  applyVibe(vibe);
  try {
    localStorage.setItem(VIBE_STORAGE_KEY, vibe);
  } catch {
    // Storage unavailable: the vibe lasts for this visit.
  }
}
