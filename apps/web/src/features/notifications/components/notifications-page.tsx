import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function NotificationsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.notifications.heading')} lead={t('pages.notifications.lead')} />;
}
