import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import styles from './auth-dialog.module.css';

export type DialogTone = 'outactive' | 'active' | 'error';

/**
 * Spec 000 §2/§4 modal: closes by the close icon, Escape (the cancel event) or a click outside; opens with
 * a scale and fade. Focus moves in on open and back to where it was on close.
 */
export function AuthDialog({
  title,
  onClose,
  children,
  tone = 'active',
  size = 'md',
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  tone?: DialogTone;
  size?: 'md' | 'sm';
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.panel} ${styles[tone]} ${styles[size]}`}
      >
        <button type="button" className={styles.close} aria-label={t('auth.close')} onClick={onClose}>
          <CloseIcon size={20} />
        </button>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
