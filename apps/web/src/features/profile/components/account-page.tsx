import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function AccountPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.account.heading')} lead={t('pages.account.lead')} />;
}
