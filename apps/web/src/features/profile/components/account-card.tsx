import type { Balance } from '@paws/contracts/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import type { BalanceOperation } from '@/features/payments/api/use-balance-operation';
import { PaymentModal } from '@/features/payments/components/payment-modal';
import { formatNumber } from '@/lib/format';
import styles from './account-page.module.css';

/** Spec 001 §9: the balance in USD with a $ symbol. */
export const usdBalance = (balances: Balance[]) =>
  `$${formatNumber(balances.find((balance) => balance.currencyCode === 'USD')?.amount ?? 0)}`;

/** Spec 001 §2 account card: the balance and Deposit / Withdraw, which open the payment modal. */
export function AccountCard({ balances }: { balances: Balance[] }) {
  const { t } = useTranslation();
  const [operation, setOperation] = useState<BalanceOperation>();
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
      </div>
      <div className={styles.actions}>
        <Button onClick={() => setOperation('deposit')}>{t('payments.deposit')}</Button>
        <Button variant="secondary" onClick={() => setOperation('withdraw')}>
          {t('payments.withdraw')}
        </Button>
      </div>
      <PaymentModal
        open={operation !== undefined}
        initialOperation={operation}
        onClose={() => setOperation(undefined)}
      />
    </Frame>
  );
}
