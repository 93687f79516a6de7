import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export function SupportTicketPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.supportTicket.heading')}
      lead={t('pages.supportTicket.lead')}
      back={{ to: paths.profileSupport.getHref(), label: t('pages.supportTicket.back') }}
    />
  );
}
