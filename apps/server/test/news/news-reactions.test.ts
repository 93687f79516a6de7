import type { Comment, LikeResponse, Post } from '@paws/contracts/news';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsPostLikes } from '../../src/modules/news/schema.ts';
import { listPosts, NEWS, newsTestApp, player, visitor, writePost } from './helpers.ts';

const news = newsTestApp();

describe('likes', () => {
  it('refuses a visitor (401) and is idempotent for a player', async () => {
    const post = await writePost(news.editor);
    const v = visitor(news.ctx);
    const refused = await v.post(`${NEWS}/posts/${post.id}/like`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ message: 'Sign in to like and comment' });
    expect((await v.del(`${NEWS}/posts/${post.id}/like`)).statusCode).toBe(401);

    const alice = await player(news.ctx);
    expect((await alice.b.post(`${NEWS}/posts/${post.id}/like`)).json()).toEqual({
      likesCount: 1,
      likedByUser: true,
    });
    expect((await alice.b.post(`${NEWS}/posts/${post.id}/like`)).json()).toEqual({
      likesCount: 1,
      likedByUser: true,
    });
    const seen = (await alice.b.get(`${NEWS}/posts/${post.id}`)).json() as Post;
    expect(seen).toMatchObject({ likesCount: 1, likedByUser: true });
    expect((await v.get(`${NEWS}/posts/${post.id}`)).json()).toMatchObject({
      likesCount: 1,
      likedByUser: false,
    });
    expect((await alice.b.del(`${NEWS}/posts/${post.id}/like`)).json()).toEqual({
      likesCount: 0,
      likedByUser: false,
    });
    expect((await alice.b.del(`${NEWS}/posts/${post.id}/like`)).json()).toEqual({
      likesCount: 0,
      likedByUser: false,
    });
    expect((await alice.b.post(`${NEWS}/posts/999999/like`)).statusCode).toBe(404);
  });

  it('keeps the count equal to the like rows under 50 concurrent toggles', async () => {
    const post = await writePost(news.editor);
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => player(news.ctx)));
    const toggles = Array.from({ length: 50 }, (_, i) => {
      const p = players[i % players.length]!;
      const like = (i * 7) % 3 !== 0;
      return like ? p.b.post(`${NEWS}/posts/${post.id}/like`) : p.b.del(`${NEWS}/posts/${post.id}/like`);
    });
    const results = await Promise.all(toggles);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [{ rows } = { rows: -1 }] = await news.ctx.app.database.db
      .select({ rows: count() })
      .from(newsPostLikes)
      .where(eq(newsPostLikes.postId, post.id));
    const seen = (await visitor(news.ctx).get(`${NEWS}/posts/${post.id}`)).json() as Post;
    expect(seen.likesCount).toBe(rows);
    const listed = (await listPosts(visitor(news.ctx), { limit: 50 })).posts.find((p) => p.id === post.id);
    expect(listed?.likesCount).toBe(rows);
    for (const p of players) {
      const [mine] = await news.ctx.app.database.db
        .select({ n: count() })
        .from(newsPostLikes)
        .where(and(eq(newsPostLikes.postId, post.id), eq(newsPostLikes.userId, p.userId)));
      expect(mine!.n).toBeLessThanOrEqual(1);
    }
  });

  it('likes comments once per player', async () => {
    const post = await writePost(news.editor);
    const alice = await player(news.ctx);
    const comment = (
      await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'Nice' })
    ).json() as Comment;
    const like = () => alice.b.post(`${NEWS}/posts/comments/${comment.id}/like`);
    expect((await like()).json() as LikeResponse).toEqual({ likesCount: 1, likedByUser: true });
    expect((await like()).json() as LikeResponse).toEqual({ likesCount: 1, likedByUser: true });
    expect((await visitor(news.ctx).post(`${NEWS}/posts/comments/${comment.id}/like`)).statusCode).toBe(401);
    const [listed] = (
      (await alice.b.get(`${NEWS}/posts/${post.id}/comments`)).json() as { comments: Comment[] }
    ).comments;
    expect(listed).toMatchObject({ likesCount: 1, likedByUser: true, byUser: true });
    expect((await alice.b.del(`${NEWS}/posts/comments/${comment.id}/like`)).json()).toEqual({
      likesCount: 0,
      likedByUser: false,
    });
  });
});

describe('comments', () => {
  it('refuses a visitor (401), trims, refuses empty and too long text naming the field', async () => {
    const post = await writePost(news.editor);
    const refused = await visitor(news.ctx).post(`${NEWS}/posts/${post.id}/comments`, { content: 'Hi' });
    expect(refused.statusCode).toBe(401);

    const alice = await player(news.ctx);
    const created = await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content: '  Great news!  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      content: 'Great news!',
      byUser: true,
      postId: post.id,
      editedAt: null,
    });
    for (const content of ['', '   \n\t ', 'x'.repeat(2001)]) {
      const res = await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('content');
    }
    const res = await alice.b.post(`${NEWS}/posts/${post.id}/comments`, {});
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'content' });
    expect((await visitor(news.ctx).get(`${NEWS}/posts/${post.id}`)).json()).toMatchObject({
      commentCount: 1,
    });
    const draft = await writePost(news.editor, { publicationDate: null });
    expect((await alice.b.post(`${NEWS}/posts/${draft.id}/comments`, { content: 'x' })).statusCode).toBe(404);
    expect((await visitor(news.ctx).get(`${NEWS}/posts/${draft.id}/comments`)).statusCode).toBe(404);
  });

  it("lets only the author edit or delete a comment: another player's gets 403, a missing one 404", async () => {
    const post = await writePost(news.editor);
    const alice = await player(news.ctx);
    const bob = await player(news.ctx);
    const comment = (
      await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'Mine' })
    ).json() as Comment;
    const patch = (who: typeof alice, id: number, content: string) =>
      who.b.send({ method: 'PATCH', url: `${NEWS}/posts/comments/${id}`, payload: { content } });

    const forbidden = await patch(bob, comment.id, 'Hijacked');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'You can only change your own comments' });
    expect((await bob.b.del(`${NEWS}/posts/comments/${comment.id}`)).statusCode).toBe(403);
    expect((await patch(bob, 999_999, 'x')).statusCode).toBe(404);
    expect((await bob.b.del(`${NEWS}/posts/comments/999999`)).statusCode).toBe(404);
    expect((await visitor(news.ctx).del(`${NEWS}/posts/comments/${comment.id}`)).statusCode).toBe(401);

    const edited = await patch(alice, comment.id, ' Edited ');
    expect(edited.json()).toMatchObject({ content: 'Edited', byUser: true });
    expect(edited.json().editedAt).not.toBeNull();
    const bobsView = (await bob.b.get(`${NEWS}/posts/${post.id}/comments`)).json() as { comments: Comment[] };
    expect(bobsView.comments).toEqual([expect.objectContaining({ content: 'Edited', byUser: false })]);

    expect((await alice.b.del(`${NEWS}/posts/comments/${comment.id}`)).statusCode).toBe(204);
    expect(
      ((await bob.b.get(`${NEWS}/posts/${post.id}/comments`)).json() as { comments: Comment[] }).comments,
    ).toEqual([]);
  });

  it('limits how fast one player comments (429)', async () => {
    const post = await writePost(news.editor);
    const carol = await player(news.ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await carol.b.post(`${NEWS}/posts/${post.id}/comments`, { content: `n${i}` })).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
