import { type StaffDecisionBody, staffDecisionBodySchema } from '@paws/contracts/staff-money';
import { useForm } from 'react-hook-form';
import { errorOf } from '../../lib/api';
import { contractResolver } from '../../lib/contract-resolver';
import { Button, Field, Textarea } from '../ui';

/** A reason (told to the player) and the button that sends it; the server's message goes under its field. */
export function ReasonForm({
  submitLabel,
  hint,
  busy,
  error,
  onSubmit,
}: {
  submitLabel: string;
  hint: string;
  busy: boolean;
  error: unknown;
  onSubmit: (body: StaffDecisionBody) => void;
}) {
  const form = useForm<StaffDecisionBody>({
    resolver: contractResolver<StaffDecisionBody>(staffDecisionBodySchema),
    defaultValues: { reason: '' },
  });
  const server = error ? errorOf(error) : null;
  const fieldError =
    form.formState.errors.reason?.message ?? (server?.field === 'reason' ? server.message : undefined);
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <Field label="Reason" hint={hint} error={fieldError}>
        {(props) => <Textarea {...props} {...form.register('reason')} maxLength={500} />}
      </Field>
      {server && server.field !== 'reason' ? (
        <p className="field-error" role="alert">
          {server.message}
        </p>
      ) : null}
      <Button type="submit" variant="danger" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
