import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/session/use-session';
import { restrictionMessage } from '../utils/restriction-message';
import styles from './link-landing.module.css';

/**
 * A page an e-mailed link or a handover opens: it runs `action` once (the token inside is single use,
 * so a second run would fail), shows a spinner meanwhile and the server's message if it fails.
 */
export function LinkLanding({
  title,
  lead,
  action,
}: {
  title: string;
  lead: string;
  /** Resolves with a notice to show, or after navigating away. */
  action: () => Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const started = useRef(false);
  const [state, setState] = useState<{ error?: string; notice?: string }>({});
  // The page's auth probe answers a visitor with cookie-clearing headers: let it land before new cookies.
  const { isPending } = useAuthStatus();

  useEffect(() => {
    if (isPending || started.current) return;
    started.current = true;
    action().then(
      (notice) => notice && setState({ notice }),
      (error: unknown) =>
        setState({
          error: restrictionMessage(error, t) ?? (error instanceof Error ? error.message : String(error)),
        }),
    );
  }, [action, isPending, t]);

  if (state.error || state.notice) {
    return (
      <div className={styles.wrap}>
        <PageHeader title={title} />
        <p className={state.error ? styles.error : styles.notice} role={state.error ? 'alert' : 'status'}>
          {state.error ?? state.notice}
        </p>
        <ButtonLink to={paths.home.getHref()} variant="secondary">
          {t('auth.links.home')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.wrap}>
      <PageHeader title={title} lead={lead} />
      <Spinner />
    </div>
  );
}
