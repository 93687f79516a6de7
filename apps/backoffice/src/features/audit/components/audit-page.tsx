import { auditListQuerySchema, type StaffAuditEntry } from '@paws/contracts/staff-audit';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { type FilterValues, SavedFilters } from '../../../components/saved-filters';
import { Button, Field, formatDateTime, Input, PageHeader } from '../../../components/ui';
import { auditLogKey, auditLogPath } from '../api/get-audit-log';

interface Filters {
  who: string;
  action: string;
  targetType: string;
  targetId: string;
  dateFrom: string;
  dateTo: string;
}
const noFilters: Filters = { who: '', action: '', targetType: '', targetId: '', dateFrom: '', dateTo: '' };
const filterSchema = auditListQuerySchema.pick({
  who: true,
  action: true,
  targetType: true,
  targetId: true,
  dateFrom: true,
  dateTo: true,
});

/** The filters' problems by field, as the server would answer them. */
function problemsOf(filters: Filters): Partial<Record<keyof Filters, string>> {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const parsed = filterSchema.safeParse(given);
  if (parsed.success) return {};
  const problems: Partial<Record<keyof Filters, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Filters;
    problems[field] ??= issue.message;
  }
  return problems;
}

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value, null, 2);

function Changes({ entry }: { entry: StaffAuditEntry }) {
  const before = json(entry.before);
  const after = json(entry.after);
  if (!before && !after) return <>—</>;
  return (
    <details>
      <summary>Show</summary>
      {before ? (
        <>
          <strong>Before</strong>
          <pre>{before}</pre>
        </>
      ) : null}
      {after ? (
        <>
          <strong>After</strong>
          <pre>{after}</pre>
        </>
      ) : null}
    </details>
  );
}

const column = createColumnHelper<StaffAuditEntry>();
const columns = [
  column.accessor('at', { header: 'Time', enableSorting: true, cell: (c) => formatDateTime(c.getValue()) }),
  column.accessor('actorEmail', {
    header: 'Who',
    enableSorting: false,
    cell: (c) => c.getValue() ?? c.row.original.actorId ?? 'system',
  }),
  column.accessor('actorRoles', {
    header: 'Roles',
    enableSorting: false,
    cell: (c) => c.getValue().join(', ') || '—',
  }),
  column.accessor('action', { header: 'Action', enableSorting: false }),
  column.accessor('targetType', {
    header: 'Target',
    enableSorting: false,
    cell: (c) => (c.row.original.targetId ? `${c.getValue()} ${c.row.original.targetId}` : c.getValue()),
  }),
  column.display({ id: 'changes', header: 'Changes', cell: (c) => <Changes entry={c.row.original} /> }),
  column.accessor('ip', { header: 'IP', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
];

/** Every staff action, newest first: who, what, on what and when, with its before and after. */
export default function AuditPage() {
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const [problems, setProblems] = useState<Partial<Record<keyof Filters, string>>>({});
  const set = (name: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    if (Object.keys(found).length === 0)
      setApplied({ ...draft, who: draft.who.trim(), targetId: draft.targetId.trim() });
  };

  const applySaved = (saved: FilterValues) => {
    const next = { ...noFilters };
    for (const name of Object.keys(noFilters) as Array<keyof Filters>) next[name] = saved[name] ?? '';
    const found = problemsOf(next);
    setDraft(next);
    setProblems(found);
    if (Object.keys(found).length === 0) setApplied(next);
  };

  return (
    <>
      <PageHeader title="Audit log">
        <p className="field-hint">
          Append-only: no one, the application included, can change or delete an entry.
        </p>
      </PageHeader>
      <SavedFilters queue="audit" current={{ ...applied }} onApply={applySaved} />
      <form className="filters" aria-label="Audit log filters" onSubmit={apply}>
        <Field label="Who" error={problems.who} hint="A staff member's e-mail or id">
          {(props) => <Input {...props} value={draft.who} onChange={set('who')} />}
        </Field>
        <Field label="Action" error={problems.action} hint="e.g. promo_code.create, or promo_code for all">
          {(props) => <Input {...props} value={draft.action} onChange={set('action')} />}
        </Field>
        <Field label="Target type" error={problems.targetType}>
          {(props) => <Input {...props} value={draft.targetType} onChange={set('targetType')} />}
        </Field>
        <Field label="Target id" error={problems.targetId}>
          {(props) => <Input {...props} value={draft.targetId} onChange={set('targetId')} />}
        </Field>
        <Field label="From" error={problems.dateFrom}>
          {(props) => <Input {...props} type="date" value={draft.dateFrom} onChange={set('dateFrom')} />}
        </Field>
        <Field label="To" error={problems.dateTo}>
          {(props) => <Input {...props} type="date" value={draft.dateTo} onChange={set('dateTo')} />}
        </Field>
        <div className="row">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(noFilters);
              setApplied(noFilters);
              setProblems({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      <DataTable
        label="Audit log"
        path={auditLogPath}
        queryKey={auditLogKey}
        columns={columns}
        filters={{ ...applied }}
        defaultSort={{ id: 'at', desc: true }}
        rowKey={(row) => row.id}
        emptyText="No entries match"
      />
    </>
  );
}
