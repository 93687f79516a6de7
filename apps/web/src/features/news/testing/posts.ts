import type { Comment, Post, PostCategory } from '@paws/contracts/news';

/** A published post for component tests. */
export function makePost(id: number, overrides: Partial<Post> = {}): Post {
  return {
    id,
    title: `Post ${id}`,
    content: `Body of post ${id}`,
    mediaContentUrl: null,
    mediaType: null,
    category: 'REVIEW' as PostCategory,
    publicationDate: '2026-11-01T10:00:00.000Z',
    commentCount: 0,
    likesCount: 0,
    likedByUser: false,
    views: 3,
    updatedAt: '2026-11-01T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    archivedAt: null,
    createdBy: 'Editor',
    updatedBy: null,
    ...overrides,
  };
}

export function makeComment(id: number, postId: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    postId,
    content: `Comment ${id}`,
    userId: `user-${id}`,
    username: `fan${id}`,
    likesCount: 0,
    likedByUser: false,
    byUser: false,
    createdAt: '2026-11-02T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    editedAt: null,
    ...overrides,
  };
}
