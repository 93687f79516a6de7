import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { useAuthStatus, useUser } from '@/lib/session/use-session';
import { AccountCard } from './account-card';
import styles from './account-page.module.css';
import { BreakCard } from './break-card';
import { DownloadBlock } from './download-block';
import { HudCard } from './hud-card';
import { LimitsCard } from './limits-card';
import { PasskeysCard } from './passkeys-card';
import { PreferencesCard } from './preferences-card';
import { ProfileSettings } from './profile-settings';
import { ReferralCard } from './referral-card';
import { SessionsCard } from './sessions-card';
import { TwoStepCard } from './two-step-card';

/**
 * Spec 001 §2 /profile/account: account card, My hud, Profile Settings, My Preferences, download block; and
 * the Responsible gaming limits (issue 28); two-step sign-in, passkeys, sessions and devices (issue 29).
 * The account card's Deposit / Withdraw belong to the payments feature: the app passes them in.
 */
export function AccountPage({
  paymentActions,
  playSettings,
}: {
  paymentActions: ReactNode;
  /** Responsible gaming's reality checks and play-time limit, which the app passes in. */
  playSettings?: ReactNode;
}) {
  const { t } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const { data, isPending, isError, refetch } = useUser();

  let content = null;
  if (data) {
    content = (
      <div className={styles.page}>
        <div className={styles.column}>
          <AccountCard balances={data.balances} paymentActions={paymentActions} />
          <div className={styles.settings}>
            <ProfileSettings user={data.user} />
          </div>
        </div>
        <div className={styles.column}>
          <HudCard user={data.user} />
          <PreferencesCard />
          <ReferralCard />
          <TwoStepCard />
          <PasskeysCard />
          <SessionsCard />
          <div className={styles.saferGambling}>
            <LimitsCard />
            {playSettings}
            <BreakCard />
          </div>
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
