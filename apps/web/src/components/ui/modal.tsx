import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import styles from './modal.module.css';

/** Spec 000 §4: outactive (default, grey), active (lime), error (red), none_layers (no decorations). */
export type ModalState = 'outactive' | 'active' | 'error' | 'none_layers';

/** Spec 000 §9: 0.6 s to open, about 0.15 s to close (the CSS animations use the same figures). */
export const MODAL_OPEN_MS = 600;
export const MODAL_CLOSE_MS = 150;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name. */
  title: string;
  /** Show the title as a visible heading. */
  showTitle?: boolean;
  state?: ModalState;
  children: ReactNode;
  className?: string;
}

/**
 * The shared modal on the native <dialog>: the browser gives focus trapping, Escape (cancel) and the
 * top layer. It closes by the close icon, the cancel event or a click on the backdrop; the closing
 * animation plays before the dialog leaves the top layer.
 */
export function Modal({
  open,
  onClose,
  title,
  showTitle = true,
  state = 'outactive',
  children,
  className,
}: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setClosing(false);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      setClosing(true);
      const timer = setTimeout(() => {
        setClosing(false);
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }, MODAL_CLOSE_MS);
      return () => clearTimeout(timer);
    }
  }, [open]);

  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[state]} ${closing ? styles.closing : ''} ${className ?? ''}`}
      aria-label={title}
      data-state={state}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={onBackdropClick}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className={styles.body}>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon size={20} />
        </button>
        {showTitle ? <h2 className={styles.title}>{title}</h2> : null}
        {open || closing ? children : null}
      </div>
    </dialog>
  );
}
