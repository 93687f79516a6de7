import { useEffect } from 'react';

/** Locks page scroll while the screen is mounted (000 §2, game player); restores what was there before. */
export function useScrollLock() {
  useEffect(() => {
    const { documentElement: html, body } = document;
    const before = {
      html: html.style.overflow,
      body: body.style.overflow,
      overscroll: body.style.overscrollBehavior,
    };
    window.scrollTo(0, 0);
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
    body.style.overscrollBehavior = 'none';
    return () => {
      html.style.overflow = before.html;
      body.style.overflow = before.body;
      body.style.overscrollBehavior = before.overscroll;
    };
  }, []);
}
