import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export function NotificationPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.notification.heading')}
      lead={t('pages.notification.lead')}
      back={{ to: paths.profileNotifications.getHref(), label: t('pages.notification.back') }}
    />
  );
}
