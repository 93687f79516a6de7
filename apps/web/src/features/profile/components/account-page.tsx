import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
// Temporary: the identity pieces (avatar modal, profile settings) until the account screen is built.
import { AccountIdentityHost } from '@/features/auth/components/account-identity-host';

export function AccountPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.account.heading')} lead={t('pages.account.lead')} />
      <AccountIdentityHost />
    </>
  );
}
