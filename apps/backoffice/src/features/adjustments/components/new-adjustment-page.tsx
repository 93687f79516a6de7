import {
  ADJUSTMENT_APPROVAL_THRESHOLD,
  type AdjustmentRequest,
  adjustmentNeedsApproval,
  adjustmentReasonCodes,
  adjustmentRequestSchema,
} from '@paws/contracts/staff-money';
import { currencyCodes } from '@paws/contracts/wallet';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  ButtonLink,
  Card,
  Field,
  formatMoney,
  Input,
  PageHeader,
  Select,
  Textarea,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useRequestAdjustment } from '../api/request-adjustment';
import { paths } from '../paths';
import { ThresholdNote } from './threshold-note';

const reasonLabels: Record<(typeof adjustmentReasonCodes)[number], string> = {
  GOODWILL: 'Goodwill',
  CORRECTION: 'Correction',
  CHARGEBACK: 'Chargeback',
  BONUS_FIX: 'Bonus fix',
  OTHER: 'Other',
};

/** `/adjustments/new?playerId=`: a signed amount in one currency, a reason code and a note. */
export default function NewAdjustmentPage() {
  const [search] = useSearchParams();
  const request = useRequestAdjustment();
  const form = useForm<AdjustmentRequest>({
    resolver: contractResolver<AdjustmentRequest>(adjustmentRequestSchema),
    defaultValues: {
      playerId: search.get('playerId') ?? '',
      currency: 'USD',
      reasonCode: 'GOODWILL',
      note: '',
    },
  });
  const server = request.isError ? errorOf(request.error) : null;
  const errorOn = (field: keyof AdjustmentRequest) =>
    form.formState.errors[field]?.message ?? (server?.field === field ? server.message : undefined);
  const currency = form.watch('currency');
  const amount = form.watch('amount');
  const threshold = ADJUSTMENT_APPROVAL_THRESHOLD[currency] ?? 0;

  if (request.isSuccess) {
    const done = request.data;
    return (
      <>
        <PageHeader title="Adjustment requested" />
        <Card>
          <p role="status">
            {done.status === 'POSTED'
              ? `Posted: ${formatMoney(done.amount, done.currency)} to ${done.player.email ?? done.player.id}. Their ${done.currency} balance is now ${formatMoney(done.balanceAfter ?? 0, done.currency)}.`
              : `Waiting for approval: ${formatMoney(done.amount, done.currency)} to ${done.player.email ?? done.player.id} is above the threshold, so another staff member must approve it.`}
          </p>
          <div className="row">
            <ButtonLink to={paths.list}>Back to adjustments</ButtonLink>
            <Button variant="ghost" onClick={() => request.reset()}>
              Request another
            </Button>
          </div>
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Request adjustment" actions={<Link to={paths.list}>Back to adjustments</Link>}>
        <ThresholdNote />
      </PageHeader>
      <Card>
        <form onSubmit={form.handleSubmit((body) => request.mutate(body))} noValidate>
          <Field label="Player id" error={errorOn('playerId')}>
            {(props) => <Input {...props} {...form.register('playerId')} autoComplete="off" />}
          </Field>
          <Field label="Currency" error={errorOn('currency')}>
            {(props) => (
              <Select {...props} {...form.register('currency')}>
                {currencyCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Amount"
            error={errorOn('amount')}
            hint={
              <>
                Negative takes money away. Up to {formatMoney(threshold, currency)} either way posts at once;
                more waits for a second staff member.
                {typeof amount === 'number' && Number.isFinite(amount) && amount !== 0 ? (
                  <strong>
                    {' '}
                    {adjustmentNeedsApproval(currency, amount)
                      ? 'This one will wait for approval.'
                      : 'This one will post at once.'}
                  </strong>
                ) : null}
              </>
            }
          >
            {(props) => (
              <Input
                {...props}
                {...form.register('amount', { valueAsNumber: true })}
                type="number"
                step={currency === 'FREE_SPINS' ? 1 : 0.01}
                inputMode="decimal"
              />
            )}
          </Field>
          <Field label="Reason code" error={errorOn('reasonCode')}>
            {(props) => (
              <Select {...props} {...form.register('reasonCode')}>
                {adjustmentReasonCodes.map((code) => (
                  <option key={code} value={code}>
                    {reasonLabels[code]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Note"
            error={errorOn('note')}
            hint="What happened, for the audit log and the approver."
          >
            {(props) => <Textarea {...props} {...form.register('note')} maxLength={500} />}
          </Field>
          {server && !server.field ? (
            <p className="field-error" role="alert">
              {server.message}
            </p>
          ) : null}
          <Button type="submit" busy={request.isPending}>
            Request adjustment
          </Button>
        </form>
      </Card>
    </>
  );
}
