import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { errorOf } from '../lib/api';
import { Button, Field, Modal, Textarea } from './ui';

/**
 * A confirmation that asks for a reason (kept in the audit log): the reason is checked by the call's own
 * contract, as the server checks it, and the server's refusal is shown on the field it names, or under the
 * form.
 */
export function ReasonDialog({
  title,
  open,
  onClose,
  children,
  confirmLabel,
  variant = 'primary',
  reasonHint = 'Kept in the audit log.',
  schema,
  onConfirm,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children?: ReactNode;
  confirmLabel: string;
  variant?: 'primary' | 'danger';
  reasonHint?: string;
  /** The call's body contract, or its part with the reason: what the server checks the reason against. */
  schema: z.ZodType<{ reason: string }>;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setFieldError(undefined);
    setProblem(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = schema.safeParse({ reason });
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await onConfirm(checked.data.reason);
      close();
    } catch (error) {
      const { message, field } = errorOf(error);
      if (field === 'reason') setFieldError(message);
      else setProblem(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} open={open} onClose={close}>
      <form onSubmit={submit} noValidate>
        {children}
        <Field label="Reason" error={fieldError} hint={reasonHint}>
          {(props) => <Textarea {...props} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="row">
          <Button type="submit" variant={variant} busy={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
