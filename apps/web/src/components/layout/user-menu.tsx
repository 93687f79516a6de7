import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { paths } from '@/config/paths';
import { usePopover } from '@/lib/use-popover';
import { useVibe, vibeLabelKeys, vibes } from '@/lib/vibe';
import styles from './header-menus.module.css';
import { labelWithVisibleParts } from './header-menus-label';

export interface UserMenuProps {
  username: string;
  /** user.linkMinified */
  avatarUrl?: string | null;
  isManager?: boolean;
  onLogout: () => void;
}

/** The user button with its dropdown: Change Vibe (the three vibes inline), My Profile, Log Out. */
export function UserMenu({ username, avatarUrl, isManager = false, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, rootRef, triggerRef } = usePopover();
  const [vibesOpen, setVibesOpen] = useState(false);
  const [vibe, setVibe] = useVibe();
  const menuId = useId();
  const close = () => {
    setOpen(false);
    setVibesOpen(false);
  };
  return (
    <div ref={rootRef} className={styles.menuRoot}>
      <button
        ref={triggerRef}
        type="button"
        className={`${styles.trigger} ${styles.user}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The avatar repeats the name (its alt or initial): the button's name is the sentence below. */}
        <span aria-hidden="true" className={styles.avatar}>
          <Avatar src={avatarUrl} isManager={isManager} name={username} size={32} />
        </span>
        {labelWithVisibleParts((values) => t('userMenu.label', values), {
          username: <span className={styles.username}>{username}</span>,
        })}
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu} aria-label={t('userMenu.label', { username })}>
          <li>
            <button
              type="button"
              className={styles.item}
              aria-expanded={vibesOpen}
              onClick={() => setVibesOpen((value) => !value)}
              data-onboarding="vibe-menu"
            >
              {t('vibes.change')}
            </button>
            {vibesOpen ? (
              <ul className={styles.submenu} aria-label={t('vibes.change')}>
                {vibes.map((option) => (
                  <li key={option}>
                    <button
                      type="button"
                      className={styles.item}
                      aria-pressed={option === vibe}
                      onClick={() => {
                        setVibe(option);
                        close();
                      }}
                    >
                      {t(vibeLabelKeys[option])}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
          <li>
            <Link to={paths.profile.getHref()} className={styles.item} onClick={close}>
              {t('userMenu.profile')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.item}
              onClick={() => {
                close();
                onLogout();
              }}
            >
              {t('userMenu.logOut')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
