import type { User } from '@paws/contracts/profile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { displayNameOf } from '@/lib/display-name';
import { useLogout } from '@/lib/session/use-session';
import { useBonusStatus } from '../hooks/use-bonus-status';
import { useVerification } from '../hooks/use-verification';
import styles from './account-page.module.css';
import { AvatarModal } from './avatar-modal';
import { BonusBar } from './bonus-bar';

/** Spec 001 §9: 'Copied to clipboard' shows for 1 second. */
export const COPIED_NOTICE_MS = 1000;

const CopyIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <rect x="8" y="8" width="12" height="12" rx="2" stroke="currentColor" strokeWidth="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" stroke="currentColor" strokeWidth="2" />
  </svg>
);

/** Verification can be started by a player never verified, or declined before. */
const CAN_VERIFY = new Set<User['verificationType']>(['NONE', 'DECLINED']);
const noticeTone = { success: 'success', canceled: 'info', error: 'error', initFailure: 'error' } as const;

/**
 * Spec 001 §2 My hud: avatar (opens the avatar modal), username, copyable id, verification badge with the
 * verification start and its notices (§4, §8), bonus bar, Log Out.
 */
export function HudCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const verification = useVerification();
  const bonus = useBonusStatus();
  const name = displayNameOf(user);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(user.userId);
      setCopied(true);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };

  return (
    <Frame as="section" className={`${styles.card} ${styles.hud}`} aria-labelledby="hud-title">
      <h2 id="hud-title" className={styles.cardTitle}>
        {t('profileAccount.hud')}
      </h2>
      <div className={styles.identity}>
        <button
          type="button"
          className={styles.avatarButton}
          aria-label={t('profileAccount.changeAvatar')}
          onClick={() => setAvatarOpen(true)}
        >
          <Avatar src={user.linkMinified} isManager={user.isManager} name={name} size={64} />
        </button>
        <div className={styles.identityText}>
          <p className={styles.username}>{name}</p>
          <div className={styles.idRow}>
            <span className={styles.muted}>{t('profileAccount.userId', { id: user.userId })}</span>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('profileAccount.copyId')}
              onClick={copyId}
            >
              <CopyIcon />
            </button>
          </div>
          <div className={styles.verificationRow}>
            <span className={styles.badge} data-status={user.verificationType}>
              {t(`profileAccount.verification.${user.verificationType}`)}
            </span>
            {CAN_VERIFY.has(user.verificationType) ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void verification.start()}
                disabled={verification.starting}
              >
                {t('profileAccount.verify')}
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      {verification.notice ? (
        <p
          role={noticeTone[verification.notice] === 'error' ? 'alert' : 'status'}
          className={styles.verificationNotice}
          data-tone={noticeTone[verification.notice]}
        >
          {t(`profileAccount.verificationNotice.${verification.notice}`)}
        </p>
      ) : null}
      <p role="status" className={styles.copied}>
        {copied ? t('profileAccount.copied') : ''}
      </p>
      <BonusBar status={bonus?.bar ?? null} />
      <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {t('profileAccount.logOut')}
      </Button>
      <AvatarModal open={avatarOpen} onClose={() => setAvatarOpen(false)} linkFull={user.linkFull} />
    </Frame>
  );
}
