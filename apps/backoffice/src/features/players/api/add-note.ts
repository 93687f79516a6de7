import type { AddNoteBody, PlayerNote } from '@paws/contracts/staff-players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const addNote = (id: string, body: AddNoteBody) => api.post<PlayerNote>(`/players/${id}/notes`, body);

export function useAddNote(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddNoteBody) => addNote(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: [playerKeys.section('notes')] }),
  });
}
