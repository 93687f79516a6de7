import { type AddNoteBody, addNoteBodySchema, type PlayerNote } from '@paws/contracts/staff-players';
import { createColumnHelper } from '@tanstack/react-table';
import { useForm } from 'react-hook-form';
import { DataTable } from '../../../components/data-table';
import { Button, Field, formatDateTime, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { useCan } from '../../../lib/session';
import { useAddNote } from '../api/add-note';
import { playerKeys } from '../api/keys';

const note = createColumnHelper<PlayerNote>();
const resolver = contractResolver<AddNoteBody>(addNoteBodySchema, (values) => values);

/** Staff notes: newest first, and a form to add one (players.note). */
export function NotesSection({ playerId }: { playerId: string }) {
  const canNote = useCan('players.note');
  return (
    <>
      {canNote ? <AddNoteForm playerId={playerId} /> : null}
      <DataTable
        label="Staff notes"
        path={`/players/${playerId}/notes`}
        queryKey={playerKeys.section('notes')}
        defaultSort={{ id: 'createdAt', desc: true }}
        rowKey={(row) => row.id}
        emptyText="No notes yet"
        columns={[
          note.accessor('createdAt', {
            header: 'Time',
            enableSorting: true,
            cell: (c) => formatDateTime(c.getValue()),
          }),
          note.accessor('authorEmail', {
            header: 'Author',
            enableSorting: false,
            cell: (c) => c.getValue() ?? c.row.original.authorId,
          }),
          note.accessor('body', {
            header: 'Note',
            enableSorting: false,
            cell: (c) => <span style={{ whiteSpace: 'pre-wrap' }}>{c.getValue()}</span>,
          }),
        ]}
      />
    </>
  );
}

function AddNoteForm({ playerId }: { playerId: string }) {
  const add = useAddNote(playerId);
  const form = useForm<AddNoteBody>({ resolver, defaultValues: { body: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset();
    } catch (error) {
      form.setError('body', { message: errorOf(error).message });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add a note">
      <Field label="Note" error={form.formState.errors.body?.message}>
        {(props) => <Textarea {...props} {...form.register('body')} />}
      </Field>
      <Button type="submit" busy={add.isPending}>
        Add note
      </Button>
    </form>
  );
}
