import type { BanInfo } from '@paws/contracts/bans';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext } from 'react-router';
import { Button, ButtonLink, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { clearBan, useBan } from '@/lib/ban-store';
import { formatDateTime } from '@/lib/format';
import styles from './banned-modal.module.css';

/** Where appeals go (the contacts page's support address). */
export const APPEAL_EMAIL = 'support@paws.local';

/** The support page opening a new request made out as an appeal (tickets accept a banned player's). */
export const APPEAL_HREF = `${paths.profileSupport.getHref()}?appeal=ban`;

/** 'Appeal in the app': a link of the app's router (no reload, which would show this modal again). */
function AppealLink({ label }: { label: string }) {
  const routed = useInRouterContext();
  return routed ? (
    <ButtonLink to={APPEAL_HREF} block onClick={clearBan}>
      {label}
    </ButtonLink>
  ) : (
    <a href={APPEAL_HREF} className={buttonClassName({ block: true })}>
      {label}
    </a>
  );
}

const MINUTE = 60_000;

/** Days, hours and minutes until `endsAt` (the last minute rounds up, so it never reads 0 while running). */
export function timeLeft(endsAt: string, now: number) {
  const minutes = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / MINUTE));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/** '1 day, 23 hours, and 59 minutes', in the reader's language (the browser's own plural rules). */
export function formatTimeLeft(left: ReturnType<typeof timeLeft>, language: string) {
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format([
    unit(left.days, 'day'),
    unit(left.hours, 'hour'),
    unit(left.minutes, 'minute'),
  ]);
}

/** Now, ticking every `everyMs` while asked to (null: not ticking). */
function useNow(everyMs: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * Spec 001 §2 banned modal: 'YOU ARE BANNED!' with the real ban the server answered (its date, reason and
 * time left, or permanent), what is left (browsing) and how to appeal. Only 'Go back' closes it: not
 * Escape, not a click outside. The next refused call opens it again.
 */
export function BannedModal() {
  const ban = useBan();
  return ban ? <BannedDialog ban={ban} /> : null;
}

function BannedDialog({ ban }: { ban: BanInfo }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const now = useNow(ban.endsAt ? 30_000 : null);
  const ended = ban.endsAt !== null && Date.parse(ban.endsAt) <= now;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  // A ban that has run out no longer stands between the player and the site.
  useEffect(() => {
    if (ended) clearBan();
  }, [ended]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.preventDefault();
      }}
    >
      <div className={styles.body}>
        <h2 id={titleId} className={styles.title}>
          {t('banned.title')}
        </h2>
        <p className={styles.message}>{t('banned.message')}</p>
        <dl className={styles.facts}>
          <dt>{t('banned.date')}</dt>
          <dd>{formatDateTime(ban.startedAt, { locale: i18n.language })}</dd>
          <dt>{t('banned.reason')}</dt>
          <dd>{ban.reason}</dd>
          <dt>{t('banned.timeLeft')}</dt>
          <dd>
            {ban.endsAt ? formatTimeLeft(timeLeft(ban.endsAt, now), i18n.language) : t('banned.permanent')}
          </dd>
        </dl>
        <p className={styles.appeal}>{t('banned.appeal', { email: APPEAL_EMAIL })}</p>
        <AppealLink label={t('banned.appealTicket')} />
        <Button variant="secondary" block onClick={clearBan}>
          {t('banned.goBack')}
        </Button>
      </div>
    </dialog>
  );
}
