import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function VerifyPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.verify.heading')} lead={t('pages.verify.lead')} />;
}
