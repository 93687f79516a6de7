import type { Balance } from '@paws/contracts/profile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBalance, labelKeys } from '@/components/layout/balance-button';
import { Frame } from '@/components/ui/frame';
import { formatNumber } from '@/lib/format';
import styles from './account-page.module.css';

/** Spec 001 §9: the balance in USD with a $ symbol. */
export const usdBalance = (balances: Balance[]) =>
  `$${formatNumber(balances.find((balance) => balance.currencyCode === 'USD')?.amount ?? 0)}`;

/**
 * Every other balance the player holds (PAWS, bonus money, free spins), so a reward or a promo code's
 * bonus is seen here too; the spec's balance above stays USD.
 */
function OtherBalances({ balances }: { balances: Balance[] }) {
  const { t } = useTranslation();
  const others = balances.filter((balance) => balance.currencyCode !== 'USD' && balance.amount > 0);
  if (others.length === 0) return null;
  return (
    <dl className={styles.otherBalances} aria-label={t('profileAccount.otherBalances')}>
      {others.map((balance) => {
        const key = labelKeys[balance.currencyCode];
        return (
          <div key={balance.currencyCode}>
            <dt>{key ? t(key) : balance.currencyCode}</dt>
            <dd>{formatBalance(balance)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Spec 001 §2 account card: the balance and the payment actions (Deposit / Withdraw, from the app). */
export function AccountCard({
  balances,
  paymentActions,
}: {
  balances: Balance[];
  paymentActions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Frame
      as="section"
      angled
      accent
      className={`${styles.card} ${styles.account}`}
      aria-labelledby="account-title"
    >
      <h2 id="account-title" className={styles.cardTitle}>
        {t('profileAccount.accountCard')}
      </h2>
      <div>
        <p className={styles.muted}>{t('profileAccount.balance')}</p>
        <p className={styles.balance}>{usdBalance(balances)}</p>
        <OtherBalances balances={balances} />
      </div>
      <div className={styles.actions}>{paymentActions}</div>
    </Frame>
  );
}
