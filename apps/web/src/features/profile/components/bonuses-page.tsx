import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function BonusesPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.bonuses.heading')} lead={t('pages.bonuses.lead')} />;
}
