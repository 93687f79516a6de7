import { useEffect, useRef, useState } from 'react';
import { VIBE_TRANSITION_DELAY_MS } from '@/lib/vibe';
import styles from './page-wrapper.module.css';

/**
 * Spec 000 §4: the theme transition starts 50ms after the data-vibe attribute changes and ends when
 * its animation completes (animationend), not on a timer.
 */
export function VibeTransition({ root = document.documentElement }: { root?: HTMLElement }) {
  const [run, setRun] = useState(0);
  const [active, setActive] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setRun((value) => value + 1);
        setActive(true);
      }, VIBE_TRANSITION_DELAY_MS);
    });
    observer.observe(root, { attributes: true, attributeFilter: ['data-vibe'] });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [root]);
  const overlayRef = useRef<HTMLDivElement>(null);
  // A native listener: React maps onAnimationEnd to a prefixed event where AnimationEvent is missing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-attach for each new run's element.
  useEffect(() => {
    const overlay = overlayRef.current;
    if (!overlay) return;
    const end = () => setActive(false);
    overlay.addEventListener('animationend', end);
    return () => overlay.removeEventListener('animationend', end);
  }, [run, active]);
  if (!active) return null;
  return (
    <div
      key={run}
      ref={overlayRef}
      className={styles.vibeTransition}
      data-testid="vibe-transition"
      aria-hidden="true"
    />
  );
}
