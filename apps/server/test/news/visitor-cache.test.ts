import type { Post } from '@paws/contracts/news';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsPosts } from '../../src/modules/news/schema.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { listPosts, NEWS, player, visitor, writePost } from './helpers.ts';

let ctx: IdentityTestApp;
let editor: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: 'http://backoffice.test' } });
  editor = await staffSession(ctx.app, ['content']);
});
afterAll(() => ctx?.close());

const find = (posts: Post[], id: number) => posts.find((post) => post.id === id);

describe("visitors' news lists from memory", () => {
  it('answers public and revalidated, 304 when the ETag matches', async () => {
    await writePost(editor, { title: 'Cached headline' });
    const first = await visitor(ctx).get(`${NEWS}/posts?limit=5`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    const again = await visitor(ctx).get(`${NEWS}/posts?limit=5`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    // A player's list carries their own likes: never shared.
    const alice = await player(ctx);
    expect((await alice.b.get(`${NEWS}/posts?limit=5`)).headers['cache-control']).toBe('no-store');
  });

  it('shows a new post, a like and a comment at once, and nothing written behind its back', async () => {
    const post = await writePost(editor, { title: 'Counted post' });
    const v = visitor(ctx);
    expect(find((await listPosts(v, { limit: 50 })).posts, post.id)).toMatchObject({ likesCount: 0 });
    const alice = await player(ctx);
    await alice.b.post(`${NEWS}/posts/${post.id}/like`);
    await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'Nice' });
    expect(find((await listPosts(v, { limit: 50 })).posts, post.id)).toMatchObject({
      likesCount: 1,
      commentCount: 1,
    });

    // The notices of the writes above come back to this process too, a few milliseconds later, and clear the
    // lists again: let them arrive before the list that stays in memory is made.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(find((await listPosts(v, { limit: 50 })).posts, post.id)?.title).toBe('Counted post');
    // Written straight to the table, announcing nothing: the visitor's list comes from memory.
    await ctx.app.database.db
      .update(newsPosts)
      .set({ title: 'Renamed quietly' })
      .where(eq(newsPosts.id, post.id));
    expect(find((await listPosts(v, { limit: 50 })).posts, post.id)?.title).toBe('Counted post');
    // Any process's notice clears it.
    await ctx.app.database.db.execute(sql`select pg_notify('paws_changes', 'news')`);
    const deadline = Date.now() + 5_000;
    while (find((await listPosts(v, { limit: 50 })).posts, post.id)?.title !== 'Renamed quietly') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
