import type {
  Comment,
  CommentsResponse,
  LikeResponse,
  Post,
  PostCategory,
  PostsResponse,
  RelatedPostsResponse,
} from '@paws/contracts/news';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';

/**
 * The news service (spec 001 §7 Posts) and its cache groups (000 §3): 'news-posts' (every list, the
 * related block included), 'news-post' (one post), 'news-comments' (one post's comments).
 */
export const NEWS_POSTS_KEY = ['news-posts'] as const;
export const NEWS_POST_KEY = ['news-post'] as const;
export const NEWS_COMMENTS_KEY = ['news-comments'] as const;

export interface PostsFilter {
  category: PostCategory | '';
  search: string;
  limit: number;
  page: number;
}

const idPath = (id: number | string) => encodeURIComponent(String(id));

export const getPosts = (filter: PostsFilter) =>
  api.news.get<PostsResponse>('/posts', { query: { ...filter } });

export const postsQueryOptions = (filter: PostsFilter) =>
  queryOptions({
    queryKey: [...NEWS_POSTS_KEY, filter] as const,
    queryFn: () => getPosts(filter),
  });

/** 'You can be interested': up to 4 published posts, same category first (kept in the list group). */
export const relatedPostsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...NEWS_POSTS_KEY, 'related', id] as const,
    queryFn: () => api.news.get<RelatedPostsResponse>(`/posts/${idPath(id)}/related`),
  });

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...NEWS_POST_KEY, id] as const,
    queryFn: () => api.news.get<Post>(`/posts/${idPath(id)}`),
  });

export const commentsQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: [...NEWS_COMMENTS_KEY, postId] as const,
    queryFn: () => api.news.get<CommentsResponse>(`/posts/${idPath(postId)}/comments`),
  });

/** A post id from the address: a whole number of at least 1, or undefined ('News not found'). */
export function parsePostId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

/**
 * Where a post's media lives: the contract gives a URL relative to the news base path; an absolute
 * http(s) URL or a path from the origin root is kept. Anything else (javascript:, data:) gives nothing.
 */
export function mediaUrl(url: string | null): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return undefined;
  if (url.startsWith('/')) return url;
  return `${getRuntimeConfig().newsApiUrl.replace(/\/+$/, '')}/${url}`;
}

/** After a like change the post and the post lists refresh (spec 001 §7). */
export function useTogglePostLike(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? api.news.post<LikeResponse>(`/posts/${idPath(postId)}/like`)
        : api.news.delete<LikeResponse>(`/posts/${idPath(postId)}/like`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postQueryOptions(postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: NEWS_POSTS_KEY }),
      ]),
    // Spec 001 §8: a like toggle failure is logged only, with no message to the player.
    onError: (error) => console.warn('news: like toggle failed', error),
  });
}

/** A comment like changes the comment list; the post and lists refresh as after any like. */
export function useToggleCommentLike(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) =>
      like
        ? api.news.post<LikeResponse>(`/posts/comments/${idPath(id)}/like`)
        : api.news.delete<LikeResponse>(`/posts/comments/${idPath(id)}/like`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsQueryOptions(postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: postQueryOptions(postId).queryKey }),
        queryClient.invalidateQueries({ queryKey: NEWS_POSTS_KEY }),
      ]),
    onError: (error) => console.warn('news: comment like toggle failed', error),
  });
}

/** After a comment is added, changed or removed the comment and post queries refresh (spec 001 §7). */
function useRefreshAfterComment(postId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsQueryOptions(postId).queryKey }),
      queryClient.invalidateQueries({ queryKey: postQueryOptions(postId).queryKey }),
    ]);
}

export function useAddComment(postId: number) {
  const refresh = useRefreshAfterComment(postId);
  return useMutation({
    mutationFn: (content: string) => api.news.post<Comment>(`/posts/${idPath(postId)}/comments`, { content }),
    onSuccess: refresh,
  });
}

export function useEditComment(postId: number) {
  const refresh = useRefreshAfterComment(postId);
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      api.news.patch<Comment>(`/posts/comments/${idPath(id)}`, { content }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(postId: number) {
  const refresh = useRefreshAfterComment(postId);
  return useMutation({
    mutationFn: (id: number) => api.news.delete<void>(`/posts/comments/${idPath(id)}`),
    onSuccess: refresh,
  });
}
