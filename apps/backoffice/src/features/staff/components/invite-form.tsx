import { type StaffRole, staffRoles } from '@paws/contracts/staff';
import { type FormEvent, useState } from 'react';
import { Button, Field, Input } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useInviteStaff } from '../api/staff-members';

/** An e-mail and roles: an existing account gets them at once, a new address an invitation link. */
export function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const problem = invite.isError ? errorOf(invite.error) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await invite.mutateAsync({ email, roles }).catch(() => undefined);
  };

  if (invite.isSuccess) {
    return (
      <div>
        <p role="status">
          {invite.data.outcome === 'invited'
            ? `An invitation went to ${invite.data.email}.`
            : `${invite.data.email} now holds ${invite.data.roles.join(', ')}.`}
        </p>
        <Button onClick={onDone}>Close</Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Field label="E-mail" error={problem?.field === 'email' ? problem.message : undefined}>
        {(props) => (
          <Input {...props} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        )}
      </Field>
      <fieldset className="field">
        <legend>Roles</legend>
        {staffRoles.map((role) => (
          <label key={role} className="row">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              onChange={(e) =>
                setRoles((held) => (e.target.checked ? [...held, role] : held.filter((r) => r !== role)))
              }
            />
            {role}
          </label>
        ))}
        {problem && problem.field !== 'email' ? (
          <p className="field-error" role="alert">
            {problem.message}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" busy={invite.isPending}>
        Send invitation
      </Button>
    </form>
  );
}
