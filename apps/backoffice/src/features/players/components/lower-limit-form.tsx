import {
  type LimitKind,
  type LimitPeriod,
  limitKinds,
  limitPeriods,
} from '@paws/contracts/responsible-gaming';
import { type StaffSetLimit, staffSetLimitSchema } from '@paws/contracts/staff-responsible-gaming';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, Select, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useLowerLimit } from '../api/lower-limit';

export const limitKindLabels: Record<LimitKind, string> = {
  DEPOSIT: 'Deposit',
  LOSS: 'Loss',
  WAGER: 'Wager',
};
export const limitPeriodLabels: Record<LimitPeriod, string> = {
  DAY: '24 hours',
  WEEK: '7 days',
  MONTH: '1 month',
};

interface LowerLimitValues {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string;
  reason: string;
}

const toBody = (values: LowerLimitValues) => ({
  ...values,
  amount: values.amount.trim() === '' ? null : Number(values.amount),
});
const resolver = contractResolver<LowerLimitValues>(staffSetLimitSchema, toBody);

/** A new or lower limit set on the player's behalf (the server refuses anything looser). */
export function LowerLimitForm({ playerId }: { playerId: string }) {
  const lower = useLowerLimit(playerId);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<LowerLimitValues>({
    resolver,
    defaultValues: { kind: 'DEPOSIT', period: 'DAY', amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setDone(null);
    try {
      await lower.mutateAsync(toBody(values) as StaffSetLimit);
      setDone(`${limitKindLabels[values.kind]} limit per ${limitPeriodLabels[values.period]} set.`);
      form.reset({ ...values, amount: '', reason: '' });
    } catch (error) {
      const { message, field } = errorOf(error);
      form.setError(field === 'reason' || field === 'kind' || field === 'period' ? field : 'amount', {
        message,
      });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Set a lower limit">
      <p className="field-hint">
        Staff may set a limit where there is none, or lower one, at once. Raising or removing a limit, and
        ending a time-out or self-exclusion early, are the player’s own choice.
      </p>
      <div className="filters">
        <Field label="Limit">
          {(props) => (
            <Select {...props} {...form.register('kind')}>
              {limitKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {limitKindLabels[kind]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Period">
          {(props) => (
            <Select {...props} {...form.register('period')}>
              {limitPeriods.map((period) => (
                <option key={period} value={period}>
                  {limitPeriodLabels[period]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Amount (USD)" error={errors.amount?.message}>
          {(props) => <Input {...props} inputMode="decimal" {...form.register('amount')} />}
        </Field>
      </div>
      <Field label="Why (kept in the audit log)" error={errors.reason?.message}>
        {(props) => <Textarea {...props} rows={2} {...form.register('reason')} />}
      </Field>
      <Button type="submit" busy={lower.isPending}>
        Set lower limit
      </Button>
      {done ? (
        <p role="status" className="field-hint">
          {done}
        </p>
      ) : null}
    </form>
  );
}
