import { type StaffRole, staffRoles } from '@paws/contracts/staff';
import type { StaffMemberRow } from '@paws/contracts/staff-members';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Badge, Button, Field, Input, Modal, PageHeader, Select } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useMe } from '../../../lib/session';
import { staffMembersKey, useChangeRole, useResetSecondFactor } from '../api/staff-members';
import { InviteForm } from './invite-form';

const column = createColumnHelper<StaffMemberRow>();

/** Admins: who is on the staff, their roles and second factor; invitations. */
export default function StaffPage() {
  const [q, setQ] = useState('');
  const [role, setRole] = useState('');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMemberRow | null>(null);
  const me = useMe();
  const reset = useResetSecondFactor();

  const columns = [
    column.accessor('email', { header: 'E-mail', enableSorting: true, cell: (c) => c.getValue() ?? '—' }),
    column.accessor('username', {
      header: 'Username',
      enableSorting: true,
      cell: (c) => c.getValue() ?? '—',
    }),
    column.accessor('roles', {
      header: 'Roles',
      enableSorting: false,
      cell: (c) =>
        c.getValue().map((r) => (
          <Badge key={r} tone={r === 'admin' ? 'info' : 'neutral'}>
            {r}
          </Badge>
        )),
    }),
    column.accessor('hasSecondFactor', {
      header: 'Second factor',
      enableSorting: false,
      cell: (c) => (c.getValue() ? <Badge tone="good">on</Badge> : <Badge tone="warn">not enrolled</Badge>),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <div className="row">
          <Button variant="secondary" onClick={() => setEditing(c.row.original)}>
            Roles
          </Button>
          {c.row.original.hasSecondFactor && c.row.original.userId !== me.data?.userId ? (
            <Button
              variant="ghost"
              busy={reset.isPending && reset.variables === c.row.original.userId}
              onClick={() => {
                if (window.confirm(`Reset the second factor of ${c.row.original.email}?`))
                  reset.mutate(c.row.original.userId);
              }}
            >
              Reset second factor
            </Button>
          ) : null}
        </div>
      ),
    }),
  ];

  return (
    <>
      <PageHeader
        title="Staff"
        actions={<Button onClick={() => setInviting(true)}>Invite staff member</Button>}
      >
        <p className="field-hint">
          Roles decide what each member may do (docs/roles.md). Every change is audited.
        </p>
      </PageHeader>
      <div className="filters">
        <Field label="Search">
          {(props) => (
            <Input
              {...props}
              value={q}
              placeholder="E-mail, username or id"
              onChange={(e) => setQ(e.target.value)}
            />
          )}
        </Field>
        <Field label="Role">
          {(props) => (
            <Select {...props} value={role} onChange={(e) => setRole(e.target.value)}>
              <option value="">Any</option>
              {staffRoles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {reset.isError ? <p className="field-error">{errorOf(reset.error).message}</p> : null}
      <DataTable
        label="Staff members"
        path="/members"
        queryKey={staffMembersKey}
        columns={columns}
        filters={{ q, role }}
        defaultSort={{ id: 'email', desc: false }}
        rowKey={(row) => row.userId}
      />
      <Modal title="Invite staff member" open={inviting} onClose={() => setInviting(false)}>
        <InviteForm onDone={() => setInviting(false)} />
      </Modal>
      <Modal
        title={`Roles of ${editing?.email ?? ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing ? <RolesEditor member={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

function RolesEditor({ member, onDone }: { member: StaffMemberRow; onDone: () => void }) {
  const change = useChangeRole();
  const [held, setHeld] = useState<Set<StaffRole>>(new Set(member.roles));
  const toggle = async (role: StaffRole, grant: boolean) => {
    await change.mutateAsync({ userId: member.userId, role, grant });
    setHeld((current) => {
      const next = new Set(current);
      if (grant) next.add(role);
      else next.delete(role);
      return next;
    });
  };
  return (
    <div>
      <fieldset className="field">
        <legend>Roles</legend>
        {staffRoles.map((role) => (
          <label key={role} className="row">
            <input
              type="checkbox"
              checked={held.has(role)}
              disabled={change.isPending}
              onChange={(e) => toggle(role, e.target.checked).catch(() => undefined)}
            />
            {role}
          </label>
        ))}
      </fieldset>
      {change.isError ? <p className="field-error">{errorOf(change.error).message}</p> : null}
      <Button onClick={onDone}>Done</Button>
    </div>
  );
}
