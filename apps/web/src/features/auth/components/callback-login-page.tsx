import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function CallbackLoginPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.callbackLogin.heading')} lead={t('pages.callbackLogin.lead')} />;
}
