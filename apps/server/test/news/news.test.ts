import type { Post } from '@paws/contracts/news';
import { studioGames } from '@paws/contracts/studio-games';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsPosts } from '../../src/modules/news/schema.ts';
import { seedNews, seedPostCount } from '../../src/modules/news/seed.ts';
import { ago, ahead, listPosts, NEWS, newsTestApp, player, visitor, writePost } from './helpers.ts';

const news = newsTestApp();

describe('what players see', () => {
  it('lists only published posts, newest first, and hides drafts, scheduled and archived ones', async () => {
    const older = await writePost(news.editor, { title: 'Visible older', publicationDate: ago(120_000) });
    const newer = await writePost(news.editor, { title: 'Visible newer', publicationDate: ago(60_000) });
    const draft = await writePost(news.editor, { title: 'Draft', publicationDate: null });
    const scheduled = await writePost(news.editor, { title: 'Scheduled', publicationDate: ahead(3_600_000) });
    const archived = await writePost(news.editor, { title: 'Archived', publicationDate: ago(30_000) });
    const archive = await news.editor.inject({
      method: 'POST',
      url: `/api/staff/news/posts/${archived.id}/archive`,
    });
    expect(archive.statusCode).toBe(200);
    expect(archive.json()).toMatchObject({ status: 'ARCHIVED' });

    const b = visitor(news.ctx);
    const { posts } = await listPosts(b, { limit: 50 });
    const ids = posts.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).toContain(older.id);
    for (const hidden of [draft, scheduled, archived]) {
      expect(ids).not.toContain(hidden.id);
      expect((await b.get(`${NEWS}/posts/${hidden.id}`)).statusCode).toBe(404);
      expect((await b.get(`${NEWS}/posts/${hidden.id}`)).json()).toMatchObject({ message: 'News not found' });
    }
    const post = (await b.get(`${NEWS}/posts/${newer.id}`)).json() as Post;
    expect(Object.keys(post).sort()).toEqual(
      [
        'id',
        'title',
        'content',
        'mediaContentUrl',
        'mediaType',
        'category',
        'publicationDate',
        'commentCount',
        'likesCount',
        'likedByUser',
        'views',
        'updatedAt',
        'createdAt',
        'archivedAt',
        'createdBy',
        'updatedBy',
      ].sort(),
    );
    expect(post.content).toBe('Some **markdown** body.');
  });

  it('shows a scheduled post at its time, not before', async () => {
    const at = Date.now() + 1_500;
    const post = await writePost(news.editor, {
      title: 'Coming soon',
      publicationDate: new Date(at).toISOString(),
    });
    const b = visitor(news.ctx);
    // Ask until it shows (the app reads the wall clock): hidden only when asked before its time, and
    // listed only when answered after it, however slow the machine.
    for (;;) {
      const sent = Date.now();
      if ((await listPosts(b, { limit: 50 })).posts.some((p) => p.id === post.id)) break;
      expect(sent, 'still hidden at its publication time').toBeLessThan(at);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    expect((await b.get(`${NEWS}/posts/${post.id}`)).statusCode).toBe(200);
  });

  it('filters by category and pages with a total', async () => {
    for (const n of [1, 2, 3]) {
      await writePost(news.editor, {
        title: `Podcast ${n}`,
        category: 'PODCAST',
        publicationDate: ago(n * 1000),
      });
    }
    const b = visitor(news.ctx);
    const first = await listPosts(b, { category: 'PODCAST', limit: 2, page: 1 });
    const second = await listPosts(b, { category: 'PODCAST', limit: 2, page: 2 });
    expect(first.total).toBe(3);
    expect(first.posts.map((p) => p.title)).toEqual(['Podcast 1', 'Podcast 2']);
    expect(second.posts.map((p) => p.title)).toEqual(['Podcast 3']);
    expect((await listPosts(b, { category: '' })).total).toBeGreaterThan(3);
  });

  it('names the field of bad input', async () => {
    const b = visitor(news.ctx);
    for (const [query, field] of [
      ['category=NOPE', 'category'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['page=-1', 'page'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await b.get(`${NEWS}/posts?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field, query).toBe(field);
    }
    expect((await b.get(`${NEWS}/posts/abc`)).json()).toMatchObject({ statusCode: 400, field: 'id' });
  });

  it('answers related posts, same category first, without the post itself', async () => {
    const post = await writePost(news.editor, { title: 'Rating A', category: 'RATINGS' });
    const sibling = await writePost(news.editor, { title: 'Rating B', category: 'RATINGS' });
    const res = await visitor(news.ctx).get(`${NEWS}/posts/${post.id}/related`);
    const related = (res.json() as { posts: Post[] }).posts;
    expect(related).toHaveLength(4);
    expect(related[0]!.id).toBe(sibling.id);
    expect(related.map((p) => p.id)).not.toContain(post.id);
  });
});

describe('search', () => {
  let titleHit: Post;
  let bodyHit: Post;
  let roulette: Post;
  beforeAll(async () => {
    roulette = await writePost(news.editor, {
      title: 'Roulette night',
      content: 'Spin the wheel on Saturday.',
      publicationDate: ago(2_000),
    });
    bodyHit = await writePost(news.editor, {
      title: 'Weekend results',
      content:
        'Our marsupial champion won again. The marsupial marsupial marsupial crowd cheered the winners.',
      publicationDate: ago(1_000),
    });
    titleHit = await writePost(news.editor, {
      title: 'Marsupial tournament opens',
      content: 'Sign up from Friday.',
      publicationDate: ago(500_000),
    });
  });

  it('finds by title and by body, and ranks a title hit first', async () => {
    const { posts, total } = await listPosts(visitor(news.ctx), { search: 'marsupial' });
    expect(total).toBe(2);
    expect(posts.map((p) => p.id)).toEqual([titleHit.id, bodyHit.id]);
    const byBody = await listPosts(visitor(news.ctx), { search: 'cheered' });
    expect(byBody.posts.map((p) => p.id)).toEqual([bodyHit.id]);
  });

  it('reads web-search syntax: phrases, exclusion and or', async () => {
    const b = visitor(news.ctx);
    expect((await listPosts(b, { search: '"marsupial tournament"' })).posts.map((p) => p.id)).toEqual([
      titleHit.id,
    ]);
    expect((await listPosts(b, { search: 'marsupial -friday' })).posts.map((p) => p.id)).toEqual([
      bodyHit.id,
    ]);
    expect((await listPosts(b, { search: 'cheered or friday' })).total).toBe(2);
  });

  it('finds a word from its beginning when nothing matches whole words', async () => {
    const { posts } = await listPosts(visitor(news.ctx), { search: 'marsupi' });
    expect(posts.map((p) => p.id)).toEqual([titleHit.id, bodyHit.id]);
  });

  it('finds past a typo: the closest word the posts use stands in', async () => {
    const typo = await listPosts(visitor(news.ctx), { search: 'tournamnet' });
    expect(typo.posts.map((p) => p.id)).toEqual([titleHit.id]);
    // A letter missing from a word the stemmer cuts ("roulette" is stored as "roulett").
    const rulette = await listPosts(visitor(news.ctx), { search: 'rulette' });
    expect(rulette.posts.map((p) => p.id)).toEqual([roulette.id]);
    const cheered = await listPosts(visitor(news.ctx), { search: 'cheerde' });
    expect(cheered.posts.map((p) => p.id)).toEqual([bodyHit.id]);
    // Short words are not guessed at, and nothing close means nothing found.
    expect((await listPosts(visitor(news.ctx), { search: 'xqzvbnmwk' })).total).toBe(0);
    // One word close to nothing finds nothing, whatever the other words (stop words aside) are close to.
    expect((await listPosts(visitor(news.ctx), { search: 'zzzqqq tournamnet this' })).total).toBe(0);
    expect((await listPosts(visitor(news.ctx), { search: 'the tournamnet' })).posts.map((p) => p.id)).toEqual(
      [titleHit.id],
    );
  });

  it('never errors on odd input', async () => {
    const b = visitor(news.ctx);
    for (const search of [
      '"unbalanced',
      '-',
      'or',
      '""',
      '!!!',
      '&|!():*',
      "'",
      '\\',
      '-"',
      'a:* & !b',
      'the',
      '     ',
      '<script>alert(1)</script>',
      '🎰🎲',
      'OR OR -',
    ]) {
      const res = await b.get(`${NEWS}/posts?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
    }
  });
});

describe('views', () => {
  it('counts a view once per viewer per day', async () => {
    const post = await writePost(news.editor);
    const alice = await player(news.ctx);
    const read = async (b: ReturnType<typeof visitor>, agent = 'agent-1') =>
      ((await b.get(`${NEWS}/posts/${post.id}`, { headers: { 'user-agent': agent } })).json() as Post).views;
    expect(await read(alice.b)).toBe(1);
    expect(await read(alice.b)).toBe(1);
    expect(await read(visitor(news.ctx), 'visitor-a')).toBe(2);
    expect(await read(visitor(news.ctx), 'visitor-a')).toBe(2);
    expect(await read(visitor(news.ctx), 'visitor-b')).toBe(3);
    // The list does not count views.
    await listPosts(visitor(news.ctx));
    expect(await read(alice.b)).toBe(3);
  });
});

describe('seed', () => {
  it('writes at least a dozen posts across all six categories with media, once', async () => {
    const { app } = news.ctx;
    const stored = new Map<string, Buffer>();
    const storage = { put: async (key: string, data: Buffer) => void stored.set(key, data) };
    await app.database.db.delete(newsPosts);
    await seedNews(app.database.db, storage, app.log);
    await seedNews(app.database.db, storage, app.log);
    const { posts, total } = await listPosts(visitor(news.ctx), { limit: 50 });
    expect(total).toBe(seedPostCount);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(new Set(posts.map((p) => p.category)).size).toBe(6);
    expect(
      posts.every((p) => p.mediaType === 'IMAGE' && p.mediaContentUrl?.startsWith('/uploads/news/')),
    ).toBe(true);
    expect(stored.size).toBe(seedPostCount);
    for (const data of stored.values()) expect(data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('finds the seeded roulette posts past a typo', async () => {
    const found = await listPosts(visitor(news.ctx), { search: 'rulette', limit: 50 });
    expect(found.posts.map((p) => p.title)).toContain('Weekend Roulette Tournament: $5,000 prize pool');
  });

  it('rates only games the lobby has', async () => {
    const ratings = (await listPosts(visitor(news.ctx), { category: 'RATINGS', limit: 50 })).posts.find((p) =>
      p.content.includes('| Game |'),
    );
    const rated = [...(ratings?.content ?? '').matchAll(/^\| \d+ \| ([^|]+?) \|/gm)].map((m) => m[1]);
    expect(rated.length).toBeGreaterThanOrEqual(5);
    const lobby = studioGames.map((game) => game.catalog.name);
    for (const name of rated) expect(lobby).toContain(name);
  });
});
