import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a field being typed in (where a letter is a letter, not a shortcut). */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Single-key shortcuts for a screen, by `event.key` ('r', '/', '?'): ignored while typing in a field, with a
 * modifier held (the browser's own shortcuts), or while a dialog is open. The bindings may change on every
 * render; the listener stays the same.
 */
export function useShortcuts(bindings: Record<string, () => void>) {
  const current = useRef(bindings);
  current.current = bindings;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const run = current.current[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** Moves focus to the next (+1) or previous (-1) of `links`, from the focused one (or the first). */
export function focusAmong(links: HTMLElement[], step: 1 | -1) {
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? 0 : Math.min(Math.max(at + step, 0), links.length - 1);
  links[next]?.focus();
}
