import { type ReactNode, useEffect, useState } from 'react';

let painted = false;
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
