import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';

export function ContactsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.contacts.heading')} lead={t('pages.contacts.lead')} />;
}
