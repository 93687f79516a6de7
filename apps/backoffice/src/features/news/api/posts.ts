import type { StaffMediaResponse, StaffPost, StaffPostBody } from '@paws/contracts/staff-news';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The editor's list (DataTable fetches it: pages, sort, filters and CSV on the server). */
export const postsPath = '/news/posts';
export const postsKey = 'news-posts';

export const postQuery = (id: number) =>
  queryOptions({ queryKey: [postsKey, 'one', id], queryFn: () => api.get<StaffPost>(`${postsPath}/${id}`) });

export const usePost = (id: number | null) => useQuery({ ...postQuery(id ?? 0), enabled: id !== null });

export const savePost = ({ id, body }: { id: number | null; body: StaffPostBody }) =>
  id === null ? api.post<StaffPost>(postsPath, body) : api.put<StaffPost>(`${postsPath}/${id}`, body);

export function useSavePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    onSuccess: () => client.invalidateQueries({ queryKey: [postsKey] }),
  });
}

export function useSetArchived() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      api.post<StaffPost>(`${postsPath}/${id}/${archived ? 'archive' : 'restore'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [postsKey] }),
  });
}

export function useUploadMedia() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<StaffMediaResponse>('/news/media', form);
    },
  });
}
