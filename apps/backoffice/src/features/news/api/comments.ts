import type { CommentBan, CommentBanBody } from '@paws/contracts/staff-news';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The moderation queue (DataTable fetches it). */
export const commentsPath = '/news/comments';
export const commentsKey = 'news-comments';
const bansKey = 'news-comment-bans';

export const bansQuery = queryOptions({
  queryKey: [bansKey],
  queryFn: async () => (await api.get<{ bans: CommentBan[] }>('/news/comment-bans')).bans,
});
export const useCommentBans = () => useQuery(bansQuery);

type Action =
  | { kind: 'hide' | 'unhide' | 'delete'; id: number }
  | { kind: 'ban'; body: CommentBanBody }
  | { kind: 'unban'; userId: string };

function run(action: Action) {
  switch (action.kind) {
    case 'hide':
    case 'unhide':
      return api.post(`${commentsPath}/${action.id}/${action.kind}`);
    case 'delete':
      return api.delete(`${commentsPath}/${action.id}`);
    case 'ban':
      return api.post('/news/comment-bans', action.body);
    case 'unban':
      return api.delete(`/news/comment-bans/${action.userId}`);
  }
}

/** Every moderation action; each refreshes the queue and the bans. */
export function useModerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [commentsKey] }),
        client.invalidateQueries({ queryKey: [bansKey] }),
      ]),
  });
}
