import {
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  limitKinds,
  limitPeriods,
} from '@paws/contracts/responsible-gaming';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { LIMITS_ANCHOR, limitsQueryOptions } from '@/lib/limits-query';
import { useSetLimit } from '../api/responsible-gaming';
import styles from './limits-card.module.css';

/** How long the amount field waits for a closing dialog before it takes focus at #responsible-gaming. */
const FOCUS_WAIT_MS = 1_000;

const usd = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Responsible gaming: the player's deposit, loss and wager limits per 24 hours, 7 days and 1 month. A new or
 * lower limit applies at once; a raise or a removal waits 24 hours and is shown as pending with its time.
 */
export function LimitsCard() {
  const { t } = useTranslation();
  const limits = useQuery(limitsQueryOptions());
  const save = useSetLimit();
  const [kind, setKind] = useState<LimitKind>('DEPOSIT');
  const [period, setPeriod] = useState<LimitPeriod>('DAY');
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();
  const amountInput = useRef<HTMLInputElement>(null);
  const { hash } = useLocation();
  // Offered from the deposit form (#responsible-gaming): the amount to type is where the player lands.
  // The deposit modal is still closing when the page arrives: the page behind an open dialog cannot take focus,
  // and the dialog's closing gives focus back to its opener. So the amount takes it once no dialog is open.
  useEffect(() => {
    if (hash !== `#${LIMITS_ANCHOR}`) return;
    const until = performance.now() + FOCUS_WAIT_MS;
    let frame = 0;
    const focusOnceClosed = () => {
      if (document.querySelector('dialog[open]') && performance.now() < until)
        frame = requestAnimationFrame(focusOnceClosed);
      else amountInput.current?.focus();
    };
    frame = requestAnimationFrame(focusOnceClosed);
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate(
      { kind, period, amount: Number(amount) },
      { onSuccess: () => setNotice(t('responsibleGaming.saved')) },
    );
  };
  const remove = (limit: LimitView) => {
    setNotice(null);
    save.mutate(
      { kind: limit.kind, period: limit.period, amount: null },
      { onSuccess: () => setNotice(t('responsibleGaming.saved')) },
    );
  };
  const error = save.error
    ? isApiClientError(save.error) && save.error.status === 400
      ? t('responsibleGaming.invalidAmount')
      : t('responsibleGaming.saveFailed')
    : null;

  return (
    <Frame
      as="section"
      id={LIMITS_ANCHOR}
      className={styles.card}
      aria-labelledby="responsible-gaming-title"
      aria-busy={limits.isPending}
    >
      <h2 id="responsible-gaming-title" className={styles.title}>
        {t('responsibleGaming.title')}
      </h2>
      <p className={styles.muted}>{t('responsibleGaming.lead')}</p>
      <ul className={styles.limits}>
        {(limits.data?.limits ?? [])
          .filter((limit) => limit.amount !== null || limit.pending)
          .map((limit) => (
            <li key={`${limit.kind}-${limit.period}`} className={styles.limit}>
              <span className={styles.limitName}>
                {t(`responsibleGaming.limitName.${limit.kind}`, {
                  period: t(`responsibleGaming.period.${limit.period}`),
                })}
              </span>
              <span>
                {limit.amount === null
                  ? t('responsibleGaming.none')
                  : t('responsibleGaming.left', { left: usd(limit.left ?? 0), amount: usd(limit.amount) })}
              </span>
              {limit.pending ? (
                <span className={styles.pending}>
                  {limit.pending.amount === null
                    ? t('responsibleGaming.pendingRemoval', { at: formatDateTime(limit.pending.effectiveAt) })
                    : t('responsibleGaming.pendingRaise', {
                        amount: usd(limit.pending.amount),
                        at: formatDateTime(limit.pending.effectiveAt),
                      })}
                </span>
              ) : limit.amount !== null ? (
                <button
                  type="button"
                  className={styles.linkButton}
                  disabled={save.isPending}
                  onClick={() => remove(limit)}
                >
                  {t('responsibleGaming.remove')}
                </button>
              ) : null}
            </li>
          ))}
      </ul>
      <form className={styles.form} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>{t('responsibleGaming.kind')}</label>
          <select
            id={`${id}-kind`}
            className={styles.input}
            value={kind}
            onChange={(e) => setKind(e.target.value as LimitKind)}
          >
            {limitKinds.map((value) => (
              <option key={value} value={value}>
                {t(`responsibleGaming.kinds.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-period`}>{t('responsibleGaming.periodLabel')}</label>
          <select
            id={`${id}-period`}
            className={styles.input}
            value={period}
            onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
          >
            {limitPeriods.map((value) => (
              <option key={value} value={value}>
                {t(`responsibleGaming.period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-amount`}>{t('responsibleGaming.amount')}</label>
          <input
            ref={amountInput}
            id={`${id}-amount`}
            className={styles.input}
            inputMode="decimal"
            type="number"
            min="0.01"
            step="0.01"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending || !limits.isSuccess}>
          {t('responsibleGaming.set')}
        </Button>
      </form>
      <p className={styles.muted}>{t('responsibleGaming.rule')}</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
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
