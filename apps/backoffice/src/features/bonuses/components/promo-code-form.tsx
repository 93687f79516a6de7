import {
  type PromoCodeCreate,
  promoCodeCreateSchema,
  promoRewardCurrencies,
} from '@paws/contracts/staff-promotions';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, localTimeHint, Select } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useCreatePromoCode } from '../api/create-promo-code';

interface PromoValues {
  code: string;
  rewardCurrency: PromoCodeCreate['rewardCurrency'];
  amount: number;
  /** A datetime-local value, in the browser's time zone. */
  expiresAt: string;
  maxUses: number;
}
type FieldName = keyof PromoValues;
const fieldNames: FieldName[] = ['code', 'rewardCurrency', 'amount', 'expiresAt', 'maxUses'];

/** YYYY-MM-DDTHH:mm in local time, as a datetime-local input shows it. */
function localInput(at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

function toBody(values: PromoValues): PromoCodeCreate {
  const at = new Date(values.expiresAt);
  return {
    code: values.code,
    rewardCurrency: values.rewardCurrency,
    amount: values.amount,
    expiresAt: Number.isNaN(at.getTime()) ? values.expiresAt : at.toISOString(),
    maxUses: values.maxUses,
  };
}

/** A new promo code: 6 letters or digits, a reward in bonus dollars or free spins, an expiry and a number of uses. */
export function PromoCodeForm() {
  const create = useCreatePromoCode();
  const [created, setCreated] = useState<string | null>(null);
  const form = useForm<PromoValues>({
    defaultValues: {
      code: '',
      rewardCurrency: 'BONUS_USD',
      amount: 5,
      expiresAt: localInput(new Date(Date.now() + 30 * 86_400_000)),
      maxUses: 100,
    },
    resolver: contractResolver(promoCodeCreateSchema, toBody),
  });
  const { errors } = form.formState;
  const currency = form.watch('rewardCurrency');

  const submit = form.handleSubmit(async (values) => {
    setCreated(null);
    try {
      const promo = await create.mutateAsync(toBody(values));
      setCreated(promo.code);
      form.reset({ ...values, code: '' });
    } catch (error) {
      const { message, field } = errorOf(error);
      if (field && (fieldNames as string[]).includes(field)) form.setError(field as FieldName, { message });
      else form.setError('root.server', { message });
    }
  });

  return (
    <form className="filters" aria-label="New promo code" onSubmit={submit} noValidate>
      <Field
        label="Code"
        error={errors.code?.message}
        hint="6 letters or digits; players may type it in any case."
      >
        {(props) => <Input {...props} autoComplete="off" maxLength={6} {...form.register('code')} />}
      </Field>
      <Field label="Reward currency" error={errors.rewardCurrency?.message}>
        {(props) => (
          <Select {...props} {...form.register('rewardCurrency')}>
            {promoRewardCurrencies.map((code) => (
              <option key={code} value={code}>
                {code === 'BONUS_USD' ? 'Bonus dollars (BONUS_USD)' : 'Free spins (FREE_SPINS)'}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label="Amount"
        error={errors.amount?.message}
        hint={currency === 'FREE_SPINS' ? 'A whole number of spins.' : 'Dollars, at most 2 decimal places.'}
      >
        {(props) => (
          <Input
            {...props}
            type="number"
            min="0"
            step={currency === 'FREE_SPINS' ? '1' : '0.01'}
            {...form.register('amount', { valueAsNumber: true })}
          />
        )}
      </Field>
      <Field label="Expires at" error={errors.expiresAt?.message} hint={localTimeHint()}>
        {(props) => <Input {...props} type="datetime-local" {...form.register('expiresAt')} />}
      </Field>
      <Field label="Maximum uses" error={errors.maxUses?.message} hint="Each player may use a code once.">
        {(props) => (
          <Input
            {...props}
            type="number"
            min="1"
            step="1"
            {...form.register('maxUses', { valueAsNumber: true })}
          />
        )}
      </Field>
      {errors.root?.server ? (
        <p className="field-error" role="alert">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" busy={form.formState.isSubmitting}>
        Create promo code
      </Button>
      {created ? <p role="status">Promo code {created} created.</p> : null}
    </form>
  );
}
