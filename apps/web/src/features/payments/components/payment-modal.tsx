import { paymentMessages } from '@paws/contracts/payments';
import { type LimitRefusal, limitRefusalSchema } from '@paws/contracts/responsible-gaming';
import { MAX_AMOUNT } from '@paws/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dropdown, type DropdownOption } from '@/components/ui/dropdown';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { isApiClientError, isStepUpRequired } from '@/lib/api-client';
import { showFiltered } from '@/lib/filtered-input';
import { formatNumber } from '@/lib/format';
import { LIMITS_ANCHOR, limitsQueryOptions } from '@/lib/limits-query';
import { useUser } from '@/lib/session/use-session';
import { type BalanceOperation, useBalanceOperation } from '../api/use-balance-operation';
import { parseAmount, QUICK_AMOUNTS, sanitizeAmount } from '../utils/amount';
import styles from './payment-modal.module.css';

type FailureReason =
  | 'verification'
  | 'verificationPending'
  | 'insufficientFunds'
  | 'tooLarge'
  | 'decimals'
  | 'declined'
  | 'unavailable'
  | 'overLimit'
  | 'stepUp';

/**
 * Why the server refused, in words a player understands (shown under the spec's failure text): the
 * server's messages are the shared contract's, so they are matched exactly. A refusal for want of a
 * verified identity says whether the player still has to start it or is waiting for its review.
 */
function reasonOf(error: unknown, verification: string | undefined): FailureReason | undefined {
  if (!isApiClientError(error)) return undefined;
  // The player closed 'Confirm it's you' (issue 29 point 5): nothing was withdrawn.
  if (isStepUpRequired(error)) return 'stepUp';
  if (error.status === 403 && error.message === paymentMessages.verificationRequired) {
    return verification === 'PENDING' ? 'verificationPending' : 'verification';
  }
  if (error.status === 403 && limitRefusalSchema.safeParse(error.details.limit).success) return 'overLimit';
  if (error.status === 402) return 'declined';
  if (error.status === 503) return 'unavailable';
  if (error.status === 400 && error.field === 'amount') {
    if (error.message === paymentMessages.insufficientFunds) return 'insufficientFunds';
    if (error.message === paymentMessages.amountTooLarge) return 'tooLarge';
    if (error.message === paymentMessages.amountPlaces) return 'decimals';
  }
  return undefined;
}

/** What the player picks; the payload sends CARD whatever the choice (spec 001 §2). */
export type PaymentMethodChoice = 'CRYPTO' | 'CARD' | 'BANK_TRANSFER';

const operations: BalanceOperation[] = ['deposit', 'withdraw'];

/**
 * Whether the Dropdown inside `root` is open. The shared Dropdown keeps its open state to itself and
 * marks it as data-open, so this watches that attribute. `root` comes from a callback ref: the modal
 * mounts its content after this hook first runs, so a ref object read in an effect would still be empty.
 */
function useDropdownOpen(root: HTMLElement | null) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!root) return;
    const read = () => setOpen(root.querySelector('[data-open="true"]') !== null);
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { attributes: true, attributeFilter: ['data-open'], subtree: true });
    return () => observer.disconnect();
  }, [root]);
  return open;
}

export interface PaymentModalProps {
  open: boolean;
  onClose: () => void;
  /** The tab shown when the modal opens. */
  initialOperation?: BalanceOperation;
}

/**
 * Spec 001 §4/§5 deposit and withdraw: tabs, payment method, amount (digits and one decimal point),
 * quick amounts; submit is disabled while processing, while the amount is empty or while the method
 * list is open, and does nothing unless the amount is above 0. Success closes the modal; failure shows
 * the inline text and logs.
 */
export function PaymentModal({ open, onClose, initialOperation = 'deposit' }: PaymentModalProps) {
  const { t } = useTranslation();
  const [operation, setOperation] = useState<BalanceOperation>(initialOperation);
  const [method, setMethod] = useState<PaymentMethodChoice>('CARD');
  const [amount, setAmount] = useState('');
  const [failed, setFailed] = useState(false);
  const [reason, setReason] = useState<FailureReason>();
  const [limit, setLimit] = useState<LimitRefusal>();
  const [methodRoot, setMethodRoot] = useState<HTMLDivElement | null>(null);
  const methodOpen = useDropdownOpen(methodRoot);
  const mutation = useBalanceOperation();
  const verification = useUser().data?.user.verificationType;
  const amountId = useId();
  // Offered until the player has a deposit limit (UKGC RTS 12: offered at registration and at any time).
  const limits = useQuery({ ...limitsQueryOptions(), enabled: open && operation === 'deposit' });
  const noDepositLimit =
    limits.isSuccess && !limits.data.limits.some((l) => l.kind === 'DEPOSIT' && l.amount !== null);
  const tabsId = useId();

  useEffect(() => {
    if (!open) return;
    setOperation(initialOperation);
    setAmount('');
    setFailed(false);
  }, [open, initialOperation]);

  const methods: DropdownOption<PaymentMethodChoice>[] = [
    { id: 'CRYPTO', name: t('payments.methods.CRYPTO') },
    { id: 'CARD', name: t('payments.methods.CARD') },
    { id: 'BANK_TRANSFER', name: t('payments.methods.BANK_TRANSFER') },
  ];

  const choose = (next: BalanceOperation) => {
    setOperation(next);
    setFailed(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (value === undefined || mutation.isPending) return;
    setFailed(false);
    mutation.mutate(
      { operation, amount: value },
      {
        onSuccess: () => onClose(),
        onError: (error) => {
          console.error(`Failed to process ${operation}`, error);
          setFailed(true);
          setReason(reasonOf(error, verification));
          const refusal = isApiClientError(error) ? limitRefusalSchema.safeParse(error.details.limit) : null;
          setLimit(refusal?.success ? refusal.data : undefined);
        },
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title={t(`payments.${operation}`)} showTitle={false}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div role="tablist" aria-label={t('payments.operations')} className={styles.tabs}>
          {operations.map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              id={`${tabsId}-${item}`}
              aria-selected={operation === item}
              className={`${styles.tab} ${operation === item ? styles.activeTab : ''}`}
              onClick={() => choose(item)}
            >
              {t(`payments.${item}`)}
            </button>
          ))}
        </div>
        <div role="tabpanel" aria-labelledby={`${tabsId}-${operation}`} className={styles.panel}>
          <div ref={setMethodRoot} className={styles.field}>
            <span className={styles.label}>{t('payments.method')}</span>
            <Dropdown label={t('payments.method')} options={methods} value={method} onChange={setMethod} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={amountId}>
              {t('payments.amount')}
            </label>
            <div className={styles.amount}>
              <span aria-hidden="true">$</span>
              <input
                id={amountId}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={amount}
                onChange={(event) => {
                  setAmount(showFiltered(event.target, sanitizeAmount(event.target.value)));
                  setFailed(false);
                }}
              />
            </div>
          </div>
          <ul className={styles.quick} aria-label={t('payments.quickAmounts')}>
            {QUICK_AMOUNTS.map((value) => (
              <li key={value}>
                <button
                  type="button"
                  className={`${styles.chip} ${amount === String(value) ? styles.activeChip : ''}`}
                  aria-pressed={amount === String(value)}
                  onClick={() => {
                    setAmount(String(value));
                    setFailed(false);
                  }}
                >
                  ${formatNumber(value)}
                </button>
              </li>
            ))}
          </ul>
          {failed ? (
            <div role="alert" className={styles.error}>
              <p>{t(`payments.failed.${operation}`)}</p>
              {reason ? (
                <p className={styles.reason}>
                  {t(`payments.reason.${reason}`, {
                    max: `$${formatNumber(MAX_AMOUNT)}`,
                    period: limit ? t(`responsibleGaming.period.${limit.period}`) : '',
                    limit: limit ? `$${limit.limit.toFixed(2)}` : '',
                    left: limit ? `$${limit.left.toFixed(2)}` : '',
                  })}
                </p>
              ) : null}
            </div>
          ) : null}
          <Button type="submit" block disabled={mutation.isPending || amount === '' || methodOpen}>
            {mutation.isPending ? t('payments.processing') : t(`payments.${operation}`)}
          </Button>
          {operation === 'deposit' && noDepositLimit ? (
            <p className={styles.offer}>
              {t('payments.limitOffer')}{' '}
              <Link to={`${paths.profileAccount.getHref()}#${LIMITS_ANCHOR}`} onClick={onClose}>
                {t('payments.setDepositLimit')}
              </Link>
            </p>
          ) : null}
          <p className={styles.safer}>
            <Link to={paths.responsibleGaming.getHref()} onClick={onClose}>
              {t('responsibleGaming.moreAboutSafeGambling')}
            </Link>
          </p>
        </div>
      </form>
    </Modal>
  );
}
