import {
  type ImgHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import styles from './lightbox.module.css';

export interface LightboxProps {
  src: string;
  alt: string;
  open: boolean;
  onClose(): void;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The image lightbox of spec 001 §2: the image at the largest size the screen allows, on the native
 * <dialog> so the rest of the page is inert. Escape, the close button and a click or tap anywhere
 * outside the image close it; Tab stays inside; focus goes back to where it was when it closes.
 */
export function Lightbox({ src, alt, open, onClose }: LightboxProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    // The page behind must not scroll under a finger dragging on the picture.
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      const target = returnFocusTo.current;
      returnFocusTo.current = null;
      if (target?.isConnected) target.focus();
    };
  }, [open]);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    event.stopPropagation();
    // Anything but the picture itself (or the close button, which closes anyway) is "outside".
    if (!(event.target instanceof HTMLImageElement)) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Stops here: a lightbox opened from inside a modal must not close that modal as well.
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first?.focus();
    }
  };

  // In <body>: a picture may sit where a <dialog> may not (a markdown paragraph, another dialog's form).
  return createPortal(
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-label={alt || t('lightbox.title')}
      onCancel={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {open ? (
        <>
          <button ref={closeRef} type="button" className={styles.close} aria-label={t('common.close')}>
            <CloseIcon size={22} />
          </button>
          <figure className={styles.figure}>
            <img className={styles.image} src={src} alt={alt} />
          </figure>
        </>
      ) : null}
    </dialog>,
    document.body,
  );
}

export interface EnlargeableImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string;
  alt: string;
  /** Class of the button around the picture (the picture keeps `className`). */
  triggerClassName?: string;
}

/** A picture a player can tap or click (or focus and press Enter) to see it in the lightbox. */
export function EnlargeableImage({ src, alt, triggerClassName, ...imageProps }: EnlargeableImageProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${styles.trigger} ${triggerClassName ?? ''}`}
        aria-label={t('lightbox.enlarge')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <img src={src} alt={alt} {...imageProps} />
      </button>
      <Lightbox src={src} alt={alt} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
