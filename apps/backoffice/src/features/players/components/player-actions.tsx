import { endSessionsBodySchema } from '@paws/contracts/staff-factors';
import {
  type BanBody,
  banBodySchema,
  staffPlayerMessages,
  unbanBodySchema,
} from '@paws/contracts/staff-players';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ReasonDialog } from '../../../components/reason-dialog';
import { Button, Field, Input, localTimeHint, Modal, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useBanPlayer } from '../api/ban-player';
import { useSignOutPlayer } from '../api/sign-out-player';
import { useUnbanPlayer } from '../api/unban-player';

interface BanForm {
  reason: string;
  /** A datetime-local value (the staff member's local time). */
  until: string;
  permanent: boolean;
}

const untilMissing = 'Choose when the ban ends, or tick Permanent';

/** The form's values as the ban call's body: the local date and time becomes an instant. */
function banBody(values: BanForm): BanBody | { reason: string; endsAt: string } {
  if (values.permanent) return { reason: values.reason, endsAt: null };
  const at = values.until ? new Date(values.until) : null;
  return { reason: values.reason, endsAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : '' };
}

const banResolver = contractResolver<BanForm>(
  banBodySchema.refine((body) => body.endsAt === null || Date.parse(body.endsAt) > Date.now(), {
    path: ['endsAt'],
    message: staffPlayerMessages.endsAtPast,
  }),
  banBody,
  { endsAt: 'until' },
);

/** Ban: a reason and an end (a date and time, or permanent). */
export function BanDialog({
  playerId,
  open,
  onClose,
}: {
  playerId: string;
  open: boolean;
  onClose: () => void;
}) {
  const ban = useBanPlayer(playerId);
  const form = useForm<BanForm>({
    resolver: banResolver,
    defaultValues: { reason: '', until: '', permanent: false },
  });
  const permanent = form.watch('permanent');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await ban.mutateAsync(banBody(values) as BanBody);
      close();
    } catch (error) {
      const { message, field } = errorOf(error);
      if (field === 'reason' || field === 'endsAt')
        form.setError(field === 'endsAt' ? 'until' : 'reason', { message });
      else setProblem(message);
    }
  });
  const untilError = form.formState.errors.until?.message;
  return (
    <Modal title="Ban player" open={open} onClose={close}>
      <form onSubmit={submit} noValidate>
        <Field
          label="Reason"
          error={form.formState.errors.reason?.message}
          hint="The player sees this reason."
        >
          {(props) => <Textarea {...props} {...form.register('reason')} />}
        </Field>
        <Field
          label="Until"
          error={untilError === staffPlayerMessages.endsAt ? untilMissing : untilError}
          hint={localTimeHint()}
        >
          {(props) => (
            <Input {...props} type="datetime-local" disabled={permanent} {...form.register('until')} />
          )}
        </Field>
        <label className="row">
          <input type="checkbox" {...form.register('permanent')} />
          Permanent
        </label>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="row">
          <Button type="submit" variant="danger" busy={ban.isPending}>
            Ban
          </Button>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Unban: lifts the ban in force, with a reason (the audit log keeps it). */
export function UnbanDialog({
  playerId,
  open,
  onClose,
}: {
  playerId: string;
  open: boolean;
  onClose: () => void;
}) {
  const unban = useUnbanPlayer(playerId);
  return (
    <ReasonDialog
      title="Unban player"
      open={open}
      onClose={onClose}
      confirmLabel="Unban"
      reasonHint=""
      schema={unbanBodySchema}
      onConfirm={(reason) => unban.mutateAsync({ reason })}
    />
  );
}

/**
 * Sign out everywhere, with a reason (audited): every live session of the player ends and its open
 * connections close, as 'End all sessions' on the security tab; a staff account's back office too.
 */
export function SignOutDialog({
  playerId,
  open,
  onClose,
  onDone,
}: {
  playerId: string;
  open: boolean;
  onClose: () => void;
  /** How many sessions ended, told once the dialog has closed. */
  onDone: (ended: number) => void;
}) {
  const signOut = useSignOutPlayer(playerId);
  return (
    <ReasonDialog
      title="Sign out everywhere?"
      open={open}
      onClose={onClose}
      confirmLabel="Yes, sign out everywhere"
      variant="danger"
      schema={endSessionsBodySchema}
      onConfirm={async (reason) => onDone((await signOut.mutateAsync(reason)).ended)}
    >
      <p>
        The player is signed out on every device and has to sign in again; open connections close at once.
      </p>
    </ReasonDialog>
  );
}
