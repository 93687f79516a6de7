import {
  type ExclusionPeriod,
  exclusionPeriods,
  type TimeOutPeriod,
  timeOutPeriods,
} from '@paws/contracts/responsible-gaming';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { useStartBreak } from '../api/responsible-gaming';
import styles from './limits-card.module.css';

type What = 'time-out' | 'self-exclusion';

/**
 * A time-out (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years, or indefinitely), asked with a
 * confirmation: it starts at once, signs the player out everywhere and cannot be shortened.
 */
export function BreakCard() {
  const { t } = useTranslation();
  const id = useId();
  const start = useStartBreak();
  const [what, setWhat] = useState<What>('time-out');
  const [period, setPeriod] = useState<string>('DAY');
  const [confirming, setConfirming] = useState(false);
  const periods = what === 'time-out' ? timeOutPeriods : exclusionPeriods;
  const periodName = (value: string) =>
    what === 'time-out'
      ? t(`responsibleGaming.timeOutPeriods.${value as TimeOutPeriod}`)
      : t(`responsibleGaming.exclusionPeriods.${value as ExclusionPeriod}`);
  const whatName = t(what === 'time-out' ? 'responsibleGaming.timeOut' : 'responsibleGaming.selfExclusion');

  const choose = (next: What) => {
    setWhat(next);
    setPeriod(next === 'time-out' ? 'DAY' : 'SIX_MONTHS');
    setConfirming(false);
  };
  // Signed out everywhere by now: back to the visitor's site.
  const confirm = () => start.mutate({ what, period }, { onSuccess: () => window.location.assign('/') });

  return (
    <Frame as="section" className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('responsibleGaming.breakTitle')}
      </h2>
      <p className={styles.muted}>{t('responsibleGaming.breakLead')}</p>
      <div className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={`${id}-what`}>{t('responsibleGaming.breakTitle')}</label>
          <select
            id={`${id}-what`}
            className={styles.input}
            value={what}
            onChange={(e) => choose(e.target.value as What)}
          >
            <option value="time-out">{t('responsibleGaming.timeOut')}</option>
            <option value="self-exclusion">{t('responsibleGaming.selfExclusion')}</option>
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-period`}>{t('responsibleGaming.periodLabel')}</label>
          <select
            id={`${id}-period`}
            className={styles.input}
            value={period}
            onChange={(e) => {
              setPeriod(e.target.value);
              setConfirming(false);
            }}
          >
            {periods.map((value) => (
              <option key={value} value={value}>
                {periodName(value)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={confirming}>
          {t('responsibleGaming.start')}
        </Button>
      </div>
      {confirming ? (
        <div role="alert" className={styles.confirm}>
          <p>
            {t('responsibleGaming.confirmBreak', {
              what: whatName,
              period: periodName(period),
            })}
          </p>
          <div className={styles.actions}>
            <Button onClick={confirm} disabled={start.isPending}>
              {t('responsibleGaming.start')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('responsibleGaming.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {start.isError ? (
        <p role="alert" className={styles.error}>
          {t('responsibleGaming.breakFailed')}
        </p>
      ) : null}
    </Frame>
  );
}
