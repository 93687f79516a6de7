import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { usePopover } from '@/lib/use-popover';
import styles from './header-menus.module.css';
import { labelWithVisibleParts } from './header-menus-label';

/** One balance as the user data carries it (spec 000 §3). */
export interface Balance {
  currencyCode: string;
  amount: number;
  currency?: { symbol?: string | null } | null;
}

/** Spec 000 §3: non-real currencies skip the money symbol. */
export const NON_REAL_CURRENCIES = ['PAWS', 'BONUS_USD', 'FREE_SPINS'];

export const labelKeys: Record<string, 'balance.bonus' | 'balance.freeSpins' | 'balance.paws' | undefined> = {
  BONUS_USD: 'balance.bonus',
  FREE_SPINS: 'balance.freeSpins',
  PAWS: 'balance.paws',
};

/** The money symbol shown before the amount ('' for non-real currencies and those without one). */
function symbolOf(balance: Balance): string {
  if (NON_REAL_CURRENCIES.includes(balance.currencyCode)) return '';
  return balance.currency?.symbol ?? (balance.currencyCode === 'USD' ? '$' : '');
}

export function formatBalance(balance: Balance): string {
  return `${symbolOf(balance)}${formatNumber(balance.amount)}`;
}

/** Spec 000 §4: USD by default, PAWS on screens 1920px and wider; falls back to the first balance. */
export function defaultCurrency(balances: Balance[], wide: boolean): string | undefined {
  const wanted = wide ? 'PAWS' : 'USD';
  return (
    balances.find((balance) => balance.currencyCode === wanted)?.currencyCode ?? balances[0]?.currencyCode
  );
}

/** How long the header shows a currency just credited before it returns to the player's choice. */
export const CREDIT_SHOWN_MS = 8_000;

/**
 * A currency other than the one on show whose balance just rose (a reward, a bonus, free spins), for
 * CREDIT_SHOWN_MS; the first balances seen are not a credit.
 */
function useJustCredited(balances: Balance[], shown: string | undefined) {
  const previous = useRef<Map<string, number> | null>(null);
  const [credited, setCredited] = useState<string>();
  useEffect(() => {
    const before = previous.current;
    previous.current = new Map(balances.map((b) => [b.currencyCode, b.amount]));
    if (!before) return;
    const rose = balances.find(
      (b) => b.currencyCode !== shown && b.amount > (before.get(b.currencyCode) ?? 0),
    );
    if (rose) setCredited(rose.currencyCode);
  }, [balances, shown]);
  useEffect(() => {
    if (!credited) return;
    const timer = setTimeout(() => setCredited(undefined), CREDIT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [credited]);
  return credited;
}

/**
 * The header balance: one currency at a time; the choices are the balances passed in. The spec's default
 * (USD, PAWS on wide screens) stays the player's view; money credited in another currency is shown for a
 * few seconds, highlighted, so a reward is seen where the player looks.
 */
export function BalanceButton({ balances }: { balances: Balance[] }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(`(min-width: ${breakpoints.wide}px)`);
  const [chosen, setChosen] = useState<string>();
  const { open, setOpen, rootRef, triggerRef } = usePopover();
  const listId = useId();
  const usual =
    chosen && balances.some((b) => b.currencyCode === chosen) ? chosen : defaultCurrency(balances, wide);
  const credited = useJustCredited(balances, usual);
  const code = credited ?? usual;
  const current = balances.find((balance) => balance.currencyCode === code);
  const label = (balance: Balance) => {
    const key = labelKeys[balance.currencyCode];
    return key ? t(key) : balance.currencyCode;
  };
  if (!current) return null;
  return (
    <div ref={rootRef} className={styles.menuRoot}>
      <button
        ref={triggerRef}
        type="button"
        className={`${styles.trigger} ${styles.balance}`}
        aria-expanded={open}
        aria-controls={listId}
        data-symbol={symbolOf(current) !== ''}
        data-credited={credited ? 'true' : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {labelWithVisibleParts((values) => t('balance.label', values), {
          amount: <span className={styles.amount}>{formatBalance(current)}</span>,
          currency: <span className={styles.currency}>{label(current)}</span>,
        })}
      </button>
      {open ? (
        <ul id={listId} className={styles.menu} aria-label={t('balance.choose')}>
          {balances.map((balance) => (
            <li key={balance.currencyCode}>
              <button
                type="button"
                className={styles.item}
                aria-pressed={balance.currencyCode === usual}
                onClick={() => {
                  setChosen(balance.currencyCode);
                  setOpen(false);
                  triggerRef.current?.focus();
                }}
              >
                <span>{label(balance)}</span>
                <span className={styles.amount}>{formatBalance(balance)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
