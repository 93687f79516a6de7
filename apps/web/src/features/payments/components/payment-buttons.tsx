import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { BalanceOperation } from '../api/use-balance-operation';
import { PaymentModal } from './payment-modal';

/** Spec 001 §2 account card: Deposit and Withdraw, each opening the payment modal on its operation. */
export function PaymentButtons() {
  const { t } = useTranslation();
  const [operation, setOperation] = useState<BalanceOperation>();
  return (
    <>
      <Button onClick={() => setOperation('deposit')}>{t('payments.deposit')}</Button>
      <Button variant="secondary" onClick={() => setOperation('withdraw')}>
        {t('payments.withdraw')}
      </Button>
      <PaymentModal
        open={operation !== undefined}
        initialOperation={operation}
        onClose={() => setOperation(undefined)}
      />
    </>
  );
}
