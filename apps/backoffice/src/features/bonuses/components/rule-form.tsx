import {
  bonusRuleUpdateSchema,
  type StaffBonusRule,
  targetedBonusRuleKinds,
} from '@paws/contracts/staff-promotions';
import { useForm } from 'react-hook-form';
import { Button, Field, Input } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useUpdateBonusRule } from '../api/update-bonus-rule';

interface RuleValues {
  name: string;
  rewardAmount: number;
  targetAmount?: number;
  active: boolean;
  sortOrder: number;
}
type FieldName = keyof RuleValues;
const fieldNames: FieldName[] = ['name', 'rewardAmount', 'targetAmount', 'active', 'sortOrder'];

/** What a rule is made of: its name, reward in bonus dollars, target (weekly, monthly, win-bet), switch and order. */
export function RuleForm({ rule, onDone }: { rule: StaffBonusRule; onDone: () => void }) {
  const update = useUpdateBonusRule();
  const targeted = (targetedBonusRuleKinds as readonly string[]).includes(rule.kind);
  const toBody = (values: RuleValues) => ({
    name: values.name,
    rewardAmount: values.rewardAmount,
    ...(targeted ? { targetAmount: values.targetAmount } : {}),
    active: values.active,
    sortOrder: values.sortOrder,
  });
  const form = useForm<RuleValues>({
    defaultValues: {
      name: rule.name,
      rewardAmount: rule.rewardAmount,
      targetAmount: rule.targetAmount ?? undefined,
      active: rule.active,
      sortOrder: rule.sortOrder,
    },
    resolver: contractResolver(bonusRuleUpdateSchema, toBody),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: rule.id, ...toBody(values) });
      onDone();
    } catch (error) {
      const { message, field } = errorOf(error);
      if (field && (fieldNames as string[]).includes(field)) form.setError(field as FieldName, { message });
      else form.setError('root.server', { message });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <p className="field-hint">
        {rule.code} · {rule.kind}
        {rule.task ? ` · ${rule.task}` : ''}. Changes count from the next evaluation of each player.
      </p>
      <Field label="Name" error={errors.name?.message}>
        {(props) => <Input {...props} {...form.register('name')} />}
      </Field>
      <Field label="Reward (bonus dollars)" error={errors.rewardAmount?.message}>
        {(props) => (
          <Input
            {...props}
            type="number"
            step="0.01"
            min="0"
            {...form.register('rewardAmount', { valueAsNumber: true })}
          />
        )}
      </Field>
      {targeted ? (
        <Field
          label={rule.kind === 'WIN_BET' ? 'Target (dollars won)' : 'Target (dollars staked)'}
          error={errors.targetAmount?.message}
        >
          {(props) => (
            <Input
              {...props}
              type="number"
              step="0.01"
              min="0"
              {...form.register('targetAmount', { valueAsNumber: true })}
            />
          )}
        </Field>
      ) : null}
      <Field label="Order" error={errors.sortOrder?.message}>
        {(props) => (
          <Input {...props} type="number" step="1" {...form.register('sortOrder', { valueAsNumber: true })} />
        )}
      </Field>
      <label className="row field">
        <input type="checkbox" {...form.register('active')} />
        Active
      </label>
      {errors.active?.message ? <p className="field-error">{errors.active.message}</p> : null}
      {errors.root?.server ? (
        <p className="field-error" role="alert">
          {errors.root.server.message}
        </p>
      ) : null}
      <Button type="submit" busy={form.formState.isSubmitting}>
        Save rule
      </Button>
    </form>
  );
}
