import type { ReactNode } from 'react';
import { BannedModal } from './banned-modal';
import styles from './page-wrapper.module.css';
import { VibeTransition } from './vibe-transition';

export interface PageWrapperProps {
  children: ReactNode;
  /** The modal host: the login/registration modal and any screen-wide dialogs, composed in app/. */
  modals?: ReactNode;
  /** The banned-user modal (spec 001); by default the one that shows the ban the server answered with. */
  bannedModal?: ReactNode;
  /** Other layers over every screen (notices). */
  overlays?: ReactNode;
  /** The onboarding overlay (spec 001 §2), composed in app/: it shows on any screen while a step is stored. */
  onboarding?: ReactNode;
}

/**
 * Spec 000 §2 page wrapper: the page plus the layers over every screen: modal host, banned modal,
 * the vibe transition overlay. Smooth scrolling is set on <html> in styles/base.css.
 */
export function PageWrapper({
  children,
  modals,
  bannedModal = <BannedModal />,
  overlays,
  onboarding,
}: PageWrapperProps) {
  return (
    <div className={styles.page}>
      <div className={styles.glow} aria-hidden="true" />
      {children}
      <div data-slot="modal-host">{modals}</div>
      <div data-slot="banned-modal">{bannedModal}</div>
      {overlays}
      <div data-slot="onboarding">{onboarding}</div>
      <VibeTransition />
    </div>
  );
}
