import { type ReactNode, useEffect, useState } from 'react';

/**
 * A reload, Back or Forward restores the page's scroll position with its first render, which needs the whole
 * page's height at once (a deferred footer would leave the position short): such a load defers nothing.
 */
function restoresScroll(): boolean {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

let painted = restoresScroll();
const waiting = new Set<() => void>();
let scheduled = false;

/** Calls `then` one task after the next frame (the page's first paint), or at once when that has passed. */
function afterFirstPaint(then: () => void): () => void {
  if (painted) {
    then();
    return () => {};
  }
  waiting.add(then);
  if (!scheduled) {
    scheduled = true;
    const done = () => {
      painted = true;
      // Each waiting part renders in a task of its own: no one long task on a slow phone.
      for (const resume of waiting) setTimeout(resume);
      waiting.clear();
    };
    // A hidden page (a background tab) gets no frames until it is shown.
    if (document.visibilityState === 'hidden') setTimeout(done);
    else requestAnimationFrame(() => setTimeout(done));
  }
  return () => waiting.delete(then);
}

/**
 * Renders its children once the page's first screen has painted: for parts far below the fold or
 * decorative (the footer, the home page's moving background), which would otherwise lengthen the first
 * render, the longest task on a phone. After the first paint (a later navigation) they render at once.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    return afterFirstPaint(() => setReady(true));
  }, [ready]);
  return ready ? children : null;
}
