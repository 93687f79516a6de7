import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has been `ratio` visible (with the viewport grown by `rootMargin`), then stays true.
 * Immediately true where IntersectionObserver is missing, or when `skip` is set.
 */
export function useVisibleOnce(
  ref: RefObject<HTMLElement | null>,
  {
    ratio = 0,
    rootMargin = '0px',
    skip = false,
  }: { ratio?: number; rootMargin?: string; skip?: boolean } = {},
) {
  const [visible, setVisible] = useState(skip);
  useEffect(() => {
    if (visible) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= ratio)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: ratio, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, visible, ratio, rootMargin]);
  return visible;
}
