import { Table } from '@mantine/core';
import { COMMENT_BAN_REASON_MAX, type StaffComment } from '@paws/contracts/staff-news';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import {
  Badge,
  Button,
  Card,
  ChoiceField,
  ErrorView,
  Field,
  formatDateTime,
  Loading,
  Modal,
  PageHeader,
  ScrollTable,
  Textarea,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { commentsKey, commentsPath, useCommentBans, useModerate } from '../api/comments';

const column = createColumnHelper<StaffComment>();
const visibilities = { '': 'Any', VISIBLE: 'Visible', HIDDEN: 'Hidden' };

/** The comment moderation queue: newest first; hide, delete, stop a player commenting. Every action is audited. */
export default function CommentsPage() {
  const moderate = useModerate();
  const [visibility, setVisibility] = useState<keyof typeof visibilities>('');
  const [banning, setBanning] = useState<StaffComment | null>(null);
  const author = (c: StaffComment) => c.username ?? c.userId.slice(0, 8);
  const busy = (id: number) =>
    moderate.isPending && moderate.variables && 'id' in moderate.variables && moderate.variables.id === id;

  const columns = [
    column.accessor('createdAt', {
      header: 'Written',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    column.accessor('postTitle', { header: 'Post', enableSorting: false }),
    column.accessor('username', {
      header: 'Author',
      enableSorting: false,
      cell: (c) => (
        <>
          {author(c.row.original)} {c.row.original.authorBanned ? <Badge tone="bad">Stopped</Badge> : null}
        </>
      ),
    }),
    column.accessor('content', { header: 'Comment', enableSorting: false }),
    column.accessor('hiddenAt', {
      header: 'State',
      enableSorting: false,
      cell: (c) => (c.getValue() ? <Badge tone="warn">Hidden</Badge> : <Badge tone="good">Visible</Badge>),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => {
        const comment = c.row.original;
        return (
          <div style={{ display: 'flex', gap: '0.25rem', flexWrap: 'wrap' }}>
            <Button
              variant="secondary"
              busy={busy(comment.id)}
              aria-label={`${comment.hiddenAt ? 'Show' : 'Hide'} comment ${comment.id}`}
              onClick={() => moderate.mutate({ kind: comment.hiddenAt ? 'unhide' : 'hide', id: comment.id })}
            >
              {comment.hiddenAt ? 'Show' : 'Hide'}
            </Button>
            <Button
              variant="danger"
              busy={busy(comment.id)}
              aria-label={`Delete comment ${comment.id}`}
              onClick={() => {
                if (window.confirm('Delete this comment for good?'))
                  moderate.mutate({ kind: 'delete', id: comment.id });
              }}
            >
              Delete
            </Button>
            {comment.authorBanned ? null : (
              <Button
                variant="ghost"
                aria-label={`Stop ${author(comment)} from commenting`}
                onClick={() => setBanning(comment)}
              >
                Stop commenting
              </Button>
            )}
          </div>
        );
      },
    }),
  ];

  return (
    <>
      <PageHeader title="Comments">
        <p className="field-hint">Hiding, deleting and stopping a player from commenting are audited.</p>
      </PageHeader>
      <Card title="Moderation queue">
        <div className="filters">
          <ChoiceField label="State" value={visibility} choices={visibilities} onChange={setVisibility} />
        </div>
        {moderate.isError ? <p className="field-error">{errorOf(moderate.error).message}</p> : null}
        <DataTable
          label="Comments"
          path={commentsPath}
          queryKey={commentsKey}
          columns={columns}
          filters={{ visibility }}
          defaultSort={{ id: 'createdAt', desc: true }}
          rowKey={(row) => String(row.id)}
          emptyText="No comments"
        />
      </Card>
      <BansCard />
      <Modal
        title={`Stop ${banning ? author(banning) : ''} from commenting`}
        open={banning !== null}
        onClose={() => setBanning(null)}
      >
        {banning ? <BanForm comment={banning} onDone={() => setBanning(null)} /> : null}
      </Modal>
    </>
  );
}

function BanForm({ comment, onDone }: { comment: StaffComment; onDone: () => void }) {
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const server = moderate.error ? errorOf(moderate.error) : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        moderate.mutate({ kind: 'ban', body: { userId: comment.userId, reason } }, { onSuccess: onDone });
      }}
    >
      <Field label="Reason" hint="Kept in the audit log." error={server?.message}>
        {(props) => (
          <Textarea
            {...props}
            value={reason}
            maxLength={COMMENT_BAN_REASON_MAX}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="danger" busy={moderate.isPending}>
        Stop commenting
      </Button>
    </form>
  );
}

function BansCard() {
  const bans = useCommentBans();
  const moderate = useModerate();
  return (
    <Card title="Players stopped from commenting">
      {bans.isPending ? (
        <Loading />
      ) : bans.isError ? (
        <ErrorView message={errorOf(bans.error).message} onRetry={() => bans.refetch()} />
      ) : bans.data.length === 0 ? (
        <p>Nobody is stopped from commenting.</p>
      ) : (
        <ScrollTable label="Players stopped from commenting">
          <Table aria-label="Players stopped from commenting">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Player</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">By</Table.Th>
                <Table.Th scope="col">Since</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bans.data.map((ban) => (
                <Table.Tr key={ban.userId}>
                  <Table.Td>{ban.username ?? ban.userId}</Table.Td>
                  <Table.Td>{ban.reason}</Table.Td>
                  <Table.Td>{ban.createdBy ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(ban.createdAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      variant="secondary"
                      busy={moderate.isPending}
                      onClick={() => moderate.mutate({ kind: 'unban', userId: ban.userId })}
                    >
                      Let comment again
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Card>
  );
}
