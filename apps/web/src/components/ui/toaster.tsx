import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';
import styles from './toaster.module.css';

export interface Toast {
  id: number;
  /** A short heading ('Finance', 'System'). */
  title: string;
  message: string;
  tone: 'info' | 'error';
}

/** How long a toast stays unless closed. */
export const TOAST_MS = 6_000;
const MAX_TOASTS = 4;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

/** Shows a toast from anywhere (the live notifications, failures with no other place to say so). */
export function showToast(toast: Omit<Toast, 'id' | 'tone'> & { tone?: Toast['tone'] }) {
  const next: Toast = { tone: 'info', ...toast, id: nextId++ };
  toasts = [...toasts, next].slice(-MAX_TOASTS);
  publish();
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  publish();
}

/** Removes every toast. */
export function clearToasts() {
  toasts = [];
  publish();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, paused]);
  return (
    <li
      className={`${styles.toast} ${toast.tone === 'error' ? styles.error : ''}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {/* The live region is inside the item: a role on the <li> itself would leave the list without items. */}
      <div className={styles.body} role={toast.tone === 'error' ? 'alert' : 'status'}>
        <strong className={styles.title}>{toast.title}</strong>
        <p className={styles.message}>{toast.message}</p>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('common.close')}
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}

/** The toasts, newest at the bottom; mounted once in the app shell. */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  if (current.length === 0) return null;
  return (
    <ol className={styles.toaster}>
      {current.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
