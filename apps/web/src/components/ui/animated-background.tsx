import { useEffect, useMemo, useRef, useState } from 'react';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import styles from './animated-background.module.css';

/** Spec 000 §9: sparkle counts and canvas sizes of the decorative background. */
export const SPARKLES_DEFAULT = 20;
export const SPARKLES_DESKTOP = 59;
export const SPARKLES_MOBILE = 49;
export const CANVAS_DESKTOP = { width: 1440, height: 4443 } as const;
export const CANVAS_MOBILE = { width: 390, height: 1328 } as const;
export const FADE_IN_DELAY_MS = 100;
export const SPARKLE_MIN_MS = 2_000;
export const SPARKLE_MAX_MS = 5_000;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** A random toggle interval within 2 to 5 seconds. */
export const sparkleInterval = (random: () => number = Math.random) =>
  SPARKLE_MIN_MS + random() * (SPARKLE_MAX_MS - SPARKLE_MIN_MS);

/** Deterministic positions (a small LCG), so the layout is the same on every visit. */
function layout(count: number, width: number, height: number) {
  let seed = count * 7919;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: count }, () => ({
    x: next() * width,
    y: next() * height,
    size: 6 + next() * 10,
  }));
}

/**
 * One sparkle: an HTML element animated on the compositor (opacity and transform only). The toggle
 * flips a class on the node directly, so a sparkle never re-renders React or repaints the canvas. It
 * holds still, lit, for a reader who asks for reduced motion, and pauses while the page is hidden: each
 * toggle sets the browser drawing frames for 0.7 s, and with 59 of them a frame is nearly always due.
 */
function Sparkle({ x, y, size, still }: { x: number; y: number; size: number; still: boolean }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (still || !node) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      timer = setTimeout(() => {
        if (!document.hidden) node.classList.toggle(styles.on as string);
        tick();
      }, sparkleInterval());
    };
    tick();
    return () => {
      clearTimeout(timer);
      node.classList.add(styles.on as string);
    };
  }, [still]);
  return (
    <span
      ref={ref}
      data-sparkle=""
      className={`${styles.sparkle} ${styles.on}`}
      style={{ left: x - size / 2, top: y - size / 2, width: size, height: size }}
    />
  );
}

/**
 * The decorative background of the landing page: a mobile layout up to 768px and a desktop layout,
 * 100px from the top at half opacity, fading in 100ms after mount; each sparkle toggles every 2-5s (none
 * under reduced motion).
 */
export function AnimatedBackground({ count }: { count?: number }) {
  const mobile = useMediaQuery(`(max-width: ${breakpoints.background}px)`);
  const still = useMediaQuery(REDUCED_MOTION);
  const canvas = mobile ? CANVAS_MOBILE : CANVAS_DESKTOP;
  const sparkles = count ?? (mobile ? SPARKLES_MOBILE : SPARKLES_DESKTOP);
  const points = useMemo(() => layout(sparkles, canvas.width, canvas.height), [sparkles, canvas]);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), FADE_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const cut = 120;
  return (
    <div
      className={`${styles.background} ${visible ? styles.visible : ''}`}
      aria-hidden="true"
      data-layout={mobile ? 'mobile' : 'desktop'}
    >
      <div className={styles.canvas} style={{ width: canvas.width, height: canvas.height }}>
        <svg
          className={styles.frames}
          viewBox={`0 0 ${canvas.width} ${canvas.height}`}
          width={canvas.width}
          height={canvas.height}
          focusable="false"
          aria-hidden="true"
        >
          <path
            className={styles.frame}
            d={`M${cut} 40H${canvas.width - 40}V${canvas.height * 0.3 - cut}L${canvas.width - 40 - cut} ${canvas.height * 0.3}H40V${40 + cut}z`}
          />
          <path
            className={styles.frame}
            d={`M${cut + 80} ${canvas.height * 0.45}H${canvas.width - 80}V${canvas.height * 0.7 - cut}L${canvas.width - 80 - cut} ${canvas.height * 0.7}H80V${canvas.height * 0.45 + cut}z`}
          />
        </svg>
        {points.map((point) => (
          <Sparkle key={`${point.x}-${point.y}`} {...point} still={still} />
        ))}
      </div>
    </div>
  );
}
