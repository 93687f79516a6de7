import { ADJUSTMENT_APPROVAL_THRESHOLD } from '@paws/contracts/staff-money';
import { currencyCodes } from '@paws/contracts/wallet';
import { formatMoney } from '../../../components/ui';

/** The four-eyes rule as staff read it: per currency, what posts at once and what waits for a second member. */
export function ThresholdNote() {
  return (
    <p className="field-hint">
      Four eyes: an adjustment of at most{' '}
      {currencyCodes.map((code, i) => (
        <span key={code}>
          {i > 0 ? (i === currencyCodes.length - 1 ? ' or ' : ', ') : ''}
          {formatMoney(ADJUSTMENT_APPROVAL_THRESHOLD[code], code)}
        </span>
      ))}{' '}
      (credit or debit) posts at once; a larger one waits until a different staff member approves it. A debit
      never takes a balance below zero.
    </p>
  );
}
