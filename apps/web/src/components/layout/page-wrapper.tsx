import type { ReactNode } from 'react';
import styles from './page-wrapper.module.css';

/**
 * Spec 000 §2 page wrapper: the page itself plus the layers that sit over every screen
 * (login/registration modal, banned modal, vibe transition overlay), passed in from app/ as `overlays`.
 * Smooth scrolling is set on <html> in styles/base.css.
 */
export function PageWrapper({ children, overlays }: { children: ReactNode; overlays?: ReactNode }) {
  return (
    <div className={styles.page}>
      <div className={styles.glow} aria-hidden="true" />
      {children}
      {overlays}
    </div>
  );
}
