import { useSyncExternalStore } from 'react';

/** Colour themes (spec 000 §3). The attribute on <html> switches the accent variables in styles/theme.css. */
export const vibes = ['strategic-green', 'aggressive-red', 'calm-blue'] as const;
export type Vibe = (typeof vibes)[number];
export const defaultVibe: Vibe = 'strategic-green';
export const VIBE_STORAGE_KEY = 'vibe';
/** Spec 000 §4: the transition overlay starts this long after the attribute changes. */
export const VIBE_TRANSITION_DELAY_MS = 50;

/** The i18n key of each vibe's label: Calm, Wild, Tactic. */
export const vibeLabelKeys = {
  'calm-blue': 'vibes.calm',
  'aggressive-red': 'vibes.wild',
  'strategic-green': 'vibes.tactic',
} as const satisfies Record<Vibe, string>;

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

const listeners = new Set<() => void>();

export function applyVibe(vibe: Vibe, root: HTMLElement = document.documentElement): void {
  root.dataset.vibe = vibe;
  for (const listener of listeners) listener();
}

/** Applies and remembers a vibe; the page wrapper animates the change. */
export function setVibe(vibe: Vibe): void {
  applyVibe(vibe);
  try {
    localStorage.setItem(VIBE_STORAGE_KEY, vibe);
  } catch {
    // Storage unavailable: the vibe lasts for this visit.
  }
}

const currentVibe = (): Vibe => {
  const value = document.documentElement.dataset.vibe;
  return isVibe(value) ? value : defaultVibe;
};

export function useVibe(): [Vibe, (vibe: Vibe) => void] {
  const vibe = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentVibe,
    () => defaultVibe,
  );
  return [vibe, setVibe];
}
