import { useTranslation } from 'react-i18next';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';

const keys = ['age', 'account', 'funds', 'bonus', 'responsible', 'fair', 'changes'] as const;

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.termsOfService.heading')} lead={t('pages.termsOfService.lead')} />
      <ContentSections
        sections={keys.map((key) => ({
          title: t(`content.terms.${key}Title`),
          body: <p>{t(`content.terms.${key}`)}</p>,
        }))}
      />
    </>
  );
}
