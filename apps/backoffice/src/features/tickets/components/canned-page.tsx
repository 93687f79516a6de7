import { Group, Paper, Title } from '@mantine/core';
import {
  CANNED_TITLE_MAX,
  type CannedResponse,
  cannedResponseBodySchema,
} from '@paws/contracts/staff-tickets';
import { TICKET_MESSAGE_MAX } from '@paws/contracts/tickets';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  Button,
  Card,
  ErrorView,
  Field,
  formatDateTime,
  Input,
  Loading,
  PageHeader,
  Textarea,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useCan } from '../../../lib/session';
import { type CannedBody, useCanned, useChangeCanned } from '../api/canned';
import './tickets.css';

const resolver = contractResolver<CannedBody>(cannedResponseBodySchema);

/** Canned responses: every agent reads them to insert into replies; tickets.canned writes them. */
export default function CannedPage() {
  const canned = useCanned();
  const canManage = useCan('tickets.canned');
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="canned-page">
      <PageHeader title="Canned responses">
        <p>
          <Link to="/tickets">Tickets</Link>
        </p>
        <p className="field-hint">
          Ready answers to insert into a reply. <code>{'{name}'}</code> becomes the requester&apos;s name.
        </p>
      </PageHeader>
      {canManage ? (
        <Card title="New canned response">
          <CannedForm submitLabel="Add" />
        </Card>
      ) : null}
      {canned.isPending ? (
        <Loading />
      ) : canned.isError ? (
        <ErrorView message={errorOf(canned.error).message} onRetry={() => canned.refetch()} />
      ) : canned.data.length === 0 ? (
        <p className="empty">No canned responses yet.</p>
      ) : (
        <ul className="canned-list" aria-label="Canned responses">
          {canned.data.map((item) =>
            editing === item.id ? (
              <Paper component="li" key={item.id} className="card" p="md">
                <CannedForm item={item} submitLabel="Save" onDone={() => setEditing(null)} />
              </Paper>
            ) : (
              <CannedRow key={item.id} item={item} canManage={canManage} onEdit={() => setEditing(item.id)} />
            ),
          )}
        </ul>
      )}
    </div>
  );
}

function CannedRow({
  item,
  canManage,
  onEdit,
}: {
  item: CannedResponse;
  canManage: boolean;
  onEdit: () => void;
}) {
  const change = useChangeCanned();
  const [confirm, setConfirm] = useState(false);
  return (
    <Paper component="li" className="card canned-row" aria-label={item.title} p="md">
      <Group component="header" justify="space-between" gap="xs" mb="sm">
        <Title order={2}>{item.title}</Title>
        {canManage ? (
          <Group gap="xs">
            {confirm ? (
              <>
                <span>Delete it?</span>
                <Button
                  variant="danger"
                  busy={change.isPending}
                  onClick={() => change.mutate({ kind: 'delete', id: item.id })}
                >
                  Yes, delete
                </Button>
                <Button variant="ghost" onClick={() => setConfirm(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <>
                <Button variant="secondary" onClick={onEdit}>
                  Edit
                </Button>
                <Button variant="ghost" onClick={() => setConfirm(true)}>
                  Delete
                </Button>
              </>
            )}
          </Group>
        ) : null}
      </Group>
      <p className="canned-text">{item.text}</p>
      <p className="field-hint">Updated {formatDateTime(item.updatedAt)}</p>
      {change.isError ? (
        <p className="field-error" role="alert">
          {errorOf(change.error).message}
        </p>
      ) : null}
    </Paper>
  );
}

function CannedForm({
  item,
  submitLabel,
  onDone,
}: {
  item?: CannedResponse;
  submitLabel: string;
  onDone?: () => void;
}) {
  const change = useChangeCanned();
  const form = useForm<CannedBody>({
    resolver,
    defaultValues: { title: item?.title ?? '', text: item?.text ?? '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await change.mutateAsync(item ? { kind: 'update', id: item.id, body } : { kind: 'create', body });
      form.reset({ title: '', text: '' });
      onDone?.();
    } catch (error) {
      const { message, field } = errorOf(error);
      form.setError(field === 'title' ? 'title' : 'text', { message });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={item ? `Edit ${item.title}` : 'New canned response'}>
      <Field label="Title" error={form.formState.errors.title?.message}>
        {(props) => <Input {...props} maxLength={CANNED_TITLE_MAX} {...form.register('title')} />}
      </Field>
      <Field label="Text" error={form.formState.errors.text?.message}>
        {(props) => <Textarea {...props} maxLength={TICKET_MESSAGE_MAX} {...form.register('text')} />}
      </Field>
      <div className="row">
        <Button type="submit" busy={change.isPending}>
          {submitLabel}
        </Button>
        {onDone ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
