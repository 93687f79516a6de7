import { useSyncExternalStore } from 'react';

/** Live result of a media query; false where matchMedia is missing (tests, old browsers). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Spec 000 §9 breakpoints. */
export const breakpoints = {
  background: 768,
  desktop: 1024,
  errorPanel: 1279,
  large: 1280,
  xl: 1440,
  wide: 1920,
} as const;
