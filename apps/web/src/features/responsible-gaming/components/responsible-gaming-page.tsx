import { useTranslation } from 'react-i18next';
import { ContentSections } from '@/components/layout/content-sections';
import { PageHeader } from '@/components/layout/page-header';

const keys = ['tools', 'breaks', 'signs', 'age', 'help'] as const;

/** The public responsible-gaming page: the player's tools and where to get help (footer, deposit modal). */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.responsibleGaming.heading')} lead={t('pages.responsibleGaming.lead')} />
      <ContentSections
        sections={keys.map((key) => ({
          title: t(`content.responsibleGaming.${key}Title`),
          body: <p>{t(`content.responsibleGaming.${key}`)}</p>,
        }))}
      />
    </>
  );
}
