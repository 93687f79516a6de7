import type { MySession } from '@paws/contracts/sessions';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { formatDateTime } from '@/lib/format';
import { sessionsQueryOptions, useEndOtherSessions, useEndSession } from '../api/sessions';
import styles from './account-page.module.css';
import own from './sessions-card.module.css';

/**
 * Sessions and devices (issue 29): every sign-in still live, with its browser, system, address and
 * activity, this device marked; another device can be signed out, or all of them at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const id = useId();
  const { data, isError } = useQuery(sessionsQueryOptions());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = data?.items.filter((session) => !session.current) ?? [];
  const failed = endOne.isError || endOthers.isError;

  return (
    <Frame as="section" className={`${styles.card} ${own.sessions}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('sessions.title')}
      </h2>
      <p className={styles.muted}>{t('sessions.lead')}</p>
      {isError ? <p role="alert">{t('sessions.error')}</p> : null}
      {data ? (
        <ul className={own.list} aria-label={t('sessions.title')}>
          {data.items.map((session) => (
            <SessionRow
              key={session.sessionId}
              session={session}
              ending={endOne.isPending && endOne.variables === session.sessionId}
              onEnd={() => endOne.mutate(session.sessionId)}
            />
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <Button
          variant="secondary"
          className={own.wrapping}
          onClick={() => endOthers.mutate()}
          disabled={endOthers.isPending}
        >
          {t('sessions.signOutOthers')}
        </Button>
      ) : null}
      <p role="status" className={styles.muted}>
        {failed ? t('sessions.endFailed') : ''}
      </p>
    </Frame>
  );
}

function SessionRow({ session, ending, onEnd }: { session: MySession; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const device = [
    session.browser ?? t('sessions.unknownBrowser'),
    session.system ?? t('sessions.unknownSystem'),
  ];
  const name = t('sessions.device', { browser: device[0], system: device[1] });
  const at = (value: string) => formatDateTime(value, { locale: i18n.language });
  return (
    <li className={own.row}>
      <div className={own.details}>
        <p className={own.device}>
          {name}
          {session.current ? <span className={own.badge}>{t('sessions.thisDevice')}</span> : null}
        </p>
        <p className={styles.muted}>
          {t('sessions.address', { ip: session.ip ?? t('sessions.unknownAddress') })}
        </p>
        <p className={styles.muted}>
          {t('sessions.activity', { signedIn: at(session.signedInAt), lastActive: at(session.lastActiveAt) })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="ghost"
          className={own.rowAction}
          onClick={onEnd}
          disabled={ending}
          aria-label={t('sessions.signOutDevice', { device: name })}
        >
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}
