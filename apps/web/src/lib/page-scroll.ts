import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Gives the page's history entry a key of its own when a full page load made it (a typed address, a link
 * from an e-mail, a reload elsewhere). React Router keys such an entry 'default', so every full load shared
 * one saved scroll position: a page opened after scrolling another opened mid-page. With its own key a new
 * page opens at the top and Back to it (the key stays in history.state) restores where the player was.
 */
export function keyThisHistoryEntry(history: History = window.history) {
  const state = (history.state ?? {}) as { key?: unknown };
  if (typeof state.key === 'string' && state.key !== 'default') return;
  history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}

/**
 * The page scrolls smoothly within itself (html's scroll-behavior), but a new page must not glide up from
 * where the last one was left: for the commit of each navigation, scrolling is instant (React Router's
 * ScrollRestoration, placed after the caller, scrolls in the same commit), then smooth again.
 */
export function useInstantScrollOnNavigation() {
  const { key } = useLocation();
  const firstCommit = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (a new key) is the trigger.
  useLayoutEffect(() => {
    const html = document.documentElement;
    html.style.scrollBehavior = 'auto';
    // A smooth scroll still gliding when the player tapped (a card brought into view) would carry on past the
    // reset below and leave the new page mid-way: stop it where it is. Not on the page load's first commit:
    // nothing glides yet, and scrolling there would make the browser lay out the whole first screen inside
    // the script's task (a long task on a phone).
    if (!firstCommit.current)
      window.scrollTo?.({ top: window.scrollY, left: window.scrollX, behavior: 'instant' });
    firstCommit.current = false;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => html.style.removeProperty('scroll-behavior'));
    });
    return () => {
      cancelAnimationFrame(frame);
      html.style.removeProperty('scroll-behavior');
    };
  }, [key]);
}

/** Rendered just before <ScrollRestoration />, so its layout effect runs first in each commit. */
export function InstantScrollOnNavigation() {
  useInstantScrollOnNavigation();
  return null;
}
