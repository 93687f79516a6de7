import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Frame } from '@/components/ui/frame';
import { Spinner } from '@/components/ui/spinner';
import styles from './game-page.module.css';

/** /game?gameCode=&providerCodeName=&title=: the frame shows a spinner until the launch url arrives. */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title={params.get('title') || t('pages.game.heading')} lead={t('pages.game.lead')} />
      <Frame className={styles.stage}>
        <Spinner />
      </Frame>
    </>
  );
}
