import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { ProfileSettings } from '@/features/auth/components/profile-settings';
import { useAuthStatus, useUser } from '@/features/auth/hooks/use-auth';
import { AccountCard } from './account-card';
import styles from './account-page.module.css';
import { DownloadBlock } from './download-block';
import { HudCard } from './hud-card';
import { PreferencesCard } from './preferences-card';
import { ReferralCard } from './referral-card';

/** Spec 001 §2 /profile/account: account card, My hud, Profile Settings, My Preferences, download block. */
export function AccountPage() {
  const { t } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const { data, isPending, isError, refetch } = useUser();

  let content = null;
  if (data) {
    content = (
      <div className={styles.page}>
        <div className={styles.column}>
          <AccountCard balances={data.balances} />
          <div className={styles.settings}>
            <ProfileSettings user={data.user} />
          </div>
        </div>
        <div className={styles.column}>
          <HudCard user={data.user} />
          <PreferencesCard />
          <ReferralCard />
        </div>
        <DownloadBlock />
      </div>
    );
  } else if (isSignedIn && isError) {
    content = <StatusPanel type="error" onRetry={() => refetch()} />;
  } else if (isSignedIn && isPending) {
    content = <PageSpinner />;
  }

  return (
    <>
      <PageHeader title={t('pages.account.heading')} lead={t('pages.account.lead')} />
      {content}
    </>
  );
}
