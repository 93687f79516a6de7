import { Trans, useTranslation } from 'react-i18next';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';

export const PARTNERS_EMAIL = 'partners@paws.local';
const keys = ['studios', 'affiliates', 'payments'] as const;

export function PartnersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.forPartners.heading')} lead={t('pages.forPartners.lead')}>
        <p>
          <Trans
            i18nKey="content.partners.contact"
            values={{ email: PARTNERS_EMAIL }}
            components={{ mail: <a href={`mailto:${PARTNERS_EMAIL}`}>{PARTNERS_EMAIL}</a> }}
          />
        </p>
      </PageHeader>
      <ContentSections
        sections={keys.map((key) => ({
          title: t(`content.partners.${key}Title`),
          body: <p>{t(`content.partners.${key}`)}</p>,
        }))}
      />
    </>
  );
}
