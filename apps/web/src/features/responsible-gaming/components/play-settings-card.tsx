import { playTimeLimitChoices, realityCheckIntervals } from '@paws/contracts/responsible-gaming';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { formatDateTime } from '@/lib/format';
import { playSessionQueryOptions, useSetPlayTimeLimit, useSetRealityCheck } from '../api/play-session';
import styles from './play-settings-card.module.css';

const OFF = 'off';
const toChoice = (value: string) => (value === OFF ? null : Number(value));

/**
 * In the profile's responsible gaming: reality checks (every 15, 30 or 60 minutes of play, or off) and a
 * daily play-time limit (30 minutes to 8 hours), lowered at once and raised or removed after 24 hours.
 */
export function PlaySettingsCard() {
  const { t } = useTranslation();
  const view = useQuery(playSessionQueryOptions());
  const realityCheck = useSetRealityCheck();
  const playTime = useSetPlayTimeLimit();
  const [intervalChoice, setIntervalChoice] = useState<string | null>(null);
  const [limitChoice, setLimitChoice] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const data = view.data;
  const intervalValue = intervalChoice ?? String(data?.realityCheck.intervalMinutes ?? OFF);
  const limitValue = limitChoice ?? String(data?.playTime.limitMinutes ?? OFF);
  const limitText = (minutes: number | null) =>
    minutes === null
      ? t('playSession.noLimit')
      : t(`playSession.limitChoice.m${minutes as (typeof playTimeLimitChoices)[number]}`);

  // Once saved, the selects show what is in force again (a raise waits, and is shown as pending).
  const saved = {
    onSuccess: () => {
      setIntervalChoice(null);
      setLimitChoice(null);
      setNotice(t('playSession.saved'));
    },
  };
  const saveInterval = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    realityCheck.mutate({ intervalMinutes: toChoice(intervalValue) }, saved);
  };
  const saveLimit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    playTime.mutate({ minutes: toChoice(limitValue) }, saved);
  };
  const failed = realityCheck.isError || playTime.isError;

  return (
    <Frame as="section" className={styles.card} aria-labelledby={`${id}-title`} aria-busy={view.isPending}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('playSession.settingsTitle')}
      </h2>
      <p className={styles.muted}>{t('playSession.settingsLead')}</p>
      <form className={styles.form} onSubmit={saveInterval}>
        <div className={styles.field}>
          <label htmlFor={`${id}-interval`}>{t('playSession.realityCheck')}</label>
          <select
            id={`${id}-interval`}
            className={styles.input}
            value={intervalValue}
            onChange={(e) => setIntervalChoice(e.target.value)}
          >
            <option value={OFF}>{t('playSession.off')}</option>
            {realityCheckIntervals.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('playSession.every', { minutes })}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={realityCheck.isPending || !view.isSuccess}>
          {t('playSession.saveRealityCheck')}
        </Button>
      </form>
      <form className={styles.form} onSubmit={saveLimit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-limit`}>{t('playSession.playTimeLimit')}</label>
          <select
            id={`${id}-limit`}
            className={styles.input}
            value={limitValue}
            onChange={(e) => setLimitChoice(e.target.value)}
          >
            <option value={OFF}>{t('playSession.noLimit')}</option>
            {playTimeLimitChoices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {limitText(minutes)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={playTime.isPending || !view.isSuccess}>
          {t('playSession.saveLimit')}
        </Button>
      </form>
      {data?.playTime.pending ? (
        <p className={styles.muted}>
          {t('playSession.pending', {
            limit: limitText(data.playTime.pending.minutes),
            at: formatDateTime(data.playTime.pending.effectiveAt),
          })}
        </p>
      ) : null}
      <p className={styles.muted}>{t('playSession.rule')}</p>
      {failed ? (
        <p role="alert" className={styles.error}>
          {t('playSession.saveFailed')}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
    </Frame>
  );
}
