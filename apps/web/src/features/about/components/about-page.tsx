import { useTranslation } from 'react-i18next';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';

export function AboutPage() {
  const { t } = useTranslation();
  const keys = ['story', 'fair', 'money', 'responsible'] as const;
  return (
    <>
      <PageHeader title={t('pages.aboutUs.heading')} lead={t('pages.aboutUs.lead')} />
      <ContentSections
        sections={keys.map((key) => ({
          title: t(`content.about.${key}Title`),
          body: <p>{t(`content.about.${key}`)}</p>,
        }))}
      />
    </>
  );
}
