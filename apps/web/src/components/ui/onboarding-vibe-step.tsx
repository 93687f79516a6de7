import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { Button } from './button';
import styles from './onboarding-vibe-step.module.css';

/** Elements the steps point at carry these data-onboarding attributes. */
const targets = { vibe: '[data-onboarding="vibe-menu"]', burger: '[data-onboarding="burger-menu"]' } as const;
type Step = keyof typeof targets;

function useTargetRect(selector: string) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const element = [...document.querySelectorAll<HTMLElement>(selector)].find(
        (node) => node.offsetParent !== null,
      );
      setRect(element?.getBoundingClientRect() ?? null);
    };
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [selector]);
  return rect;
}

/**
 * Spec 000 §2 onboarding overlay, vibe step: highlights the vibe menu, then on small screens (below
 * 1024px) the burger menu; Next moves on, Finish calls onFinish. The onboarding feature mounts it.
 */
export function OnboardingVibeStep({ onFinish }: { onFinish: () => void }) {
  const { t } = useTranslation();
  const small = !useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const steps: Step[] = small ? ['vibe', 'burger'] : ['vibe'];
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)] ?? 'vibe';
  const rect = useTargetRect(targets[step]);
  const last = index >= steps.length - 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onFinish();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onFinish]);

  return (
    <div className={styles.overlay} role="dialog" aria-modal="true" aria-labelledby="onboarding-vibe-title">
      {rect ? (
        <div
          className={styles.highlight}
          data-testid="onboarding-highlight"
          style={{ top: rect.top - 6, left: rect.left - 6, width: rect.width + 12, height: rect.height + 12 }}
        />
      ) : null}
      <div className={styles.card}>
        <p className={styles.counter}>
          {index + 1}/{steps.length}
        </p>
        <h2 id="onboarding-vibe-title">
          {t(step === 'vibe' ? 'onboarding.vibeTitle' : 'onboarding.burgerTitle')}
        </h2>
        <p>{t(step === 'vibe' ? 'onboarding.vibeText' : 'onboarding.burgerText')}</p>
        <Button onClick={() => (last ? onFinish() : setIndex(index + 1))}>
          {last ? t('onboarding.finish') : t('onboarding.next')}
        </Button>
      </div>
    </div>
  );
}
