import { type TouchEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 §4 and §9: the mobile game top panel. */
export const TOP_PANEL_OPEN_SWIPE_PX = 50;
export const TOP_PANEL_CLOSE_SWIPE_PX = 20;
export const TOP_PANEL_AUTO_CLOSE_MS = 5000;

/**
 * Open and closed state of the pulled-down panel: a swipe down of more than 50 px opens it, a swipe up of
 * more than 20 px closes it, and it closes itself 5 s after it opened (a touch inside restarts the wait,
 * so it does not fold away under a finger).
 */
export function useTopPanel() {
  const [open, setOpen] = useState(false);
  const [wake, setWake] = useState(0);
  const startY = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` restarts the wait on a touch inside
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), TOP_PANEL_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, wake]);

  const onTouchStart = useCallback((event: TouchEvent) => {
    startY.current = event.touches[0]?.clientY ?? null;
    setWake((n) => n + 1);
  }, []);

  const onTouchEnd = useCallback(
    (event: TouchEvent) => {
      const endY = event.changedTouches[0]?.clientY;
      const from = startY.current;
      startY.current = null;
      if (from === null || endY === undefined) return;
      const dy = endY - from;
      if (!open && dy > TOP_PANEL_OPEN_SWIPE_PX) setOpen(true);
      else if (open && -dy > TOP_PANEL_CLOSE_SWIPE_PX) setOpen(false);
    },
    [open],
  );

  return {
    open,
    setOpen,
    toggle: useCallback(() => setOpen((value) => !value), []),
    touchHandlers: { onTouchStart, onTouchEnd },
  };
}
