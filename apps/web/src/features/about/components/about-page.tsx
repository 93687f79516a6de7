import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';
import { paths } from '@/config/paths';

export function AboutPage() {
  const { t } = useTranslation();
  const keys = ['story', 'fair', 'money', 'responsible'] as const;
  return (
    <>
      <PageHeader title={t('pages.aboutUs.heading')} lead={t('pages.aboutUs.lead')}>
        <p>
          <Link to={paths.companyInformation.getHref()}>{t('nav.companyInformation')}</Link>
        </p>
      </PageHeader>
      <ContentSections
        sections={keys.map((key) => ({
          title: t(`content.about.${key}Title`),
          body: <p>{t(`content.about.${key}`)}</p>,
        }))}
      />
    </>
  );
}
