import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export const SUPPORT_EMAIL = 'support@paws.local';

export function ContactsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.contacts.heading')} lead={t('pages.contacts.lead')} />
      <ContentSections
        sections={[
          {
            title: t('content.contacts.supportTitle'),
            body: (
              <>
                <p>{t('content.contacts.support')}</p>
                <p>
                  {t('content.contacts.email')}: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
                </p>
              </>
            ),
          },
          { title: t('content.contacts.hotlineTitle'), body: <p>{t('content.contacts.hotline')}</p> },
          {
            title: t('content.contacts.partnersTitle'),
            body: (
              <p>
                <Link to={paths.forPartners.getHref()}>{t('content.contacts.partners')}</Link>
              </p>
            ),
          },
          { title: t('content.contacts.addressTitle'), body: <p>{t('content.contacts.address')}</p> },
        ]}
      />
    </>
  );
}
