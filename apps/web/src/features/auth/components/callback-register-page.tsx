import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function CallbackRegisterPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.callbackRegister.heading')} lead={t('pages.callbackRegister.lead')} />;
}
