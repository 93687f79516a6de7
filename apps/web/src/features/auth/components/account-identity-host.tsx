import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useUser } from '../hooks/use-auth';
import styles from './account-identity-host.module.css';
import { AvatarModal } from './avatar-modal';
import { ProfileSettings } from './profile-settings';

/**
 * Temporary host for the identity pieces of /profile/account (avatar modal, Profile Settings) until the
 * player-account screens place them in the My hud and Profile Settings cards.
 */
export function AccountIdentityHost() {
  const { t } = useTranslation();
  const { data } = useUser();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const user = data?.user;
  if (!user) return null;
  return (
    <div className={styles.host}>
      <div className={styles.hud}>
        <button
          type="button"
          className={styles.avatarButton}
          aria-label={t('auth.avatar.open')}
          onClick={() => setAvatarOpen(true)}
        >
          <Avatar
            src={user.linkMinified}
            isManager={user.isManager}
            name={user.username ?? user.email ?? user.phone ?? ''}
            size={72}
          />
        </button>
        <div>
          <p className={styles.name}>{user.username ?? user.email ?? user.phone}</p>
          <Button size="sm" variant="secondary" onClick={() => setAvatarOpen(true)}>
            {t('auth.avatar.open')}
          </Button>
        </div>
      </div>
      <ProfileSettings user={user} />
      <AvatarModal open={avatarOpen} onClose={() => setAvatarOpen(false)} linkFull={user.linkFull} />
    </div>
  );
}
