import type { Comment } from '@paws/contracts/news';
import type { StaffComment, StaffPost } from '@paws/contracts/staff-news';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../identity/helpers.ts';
import { NEWS, player, postBody, STAFF_NEWS, visitor, writePost } from '../news/helpers.ts';

let ctx: IdentityTestApp;
let editor: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: 'http://backoffice.test' } });
  editor = await staffSession(ctx.app, ['content']);
});
afterAll(() => ctx?.close());

const auditRows = (action: string, targetId: string) =>
  ctx.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

function multipart(name: string, filename: string, data: Buffer) {
  const boundary = '----news-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the editor', () => {
  it('lists posts with their status, filters by status and exports CSV', async () => {
    const draft = await writePost(editor, { title: 'Status draft', publicationDate: null });
    const scheduled = await writePost(editor, {
      title: 'Status scheduled',
      publicationDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const published = await writePost(editor, { title: 'Status published' });
    expect([draft.status, scheduled.status, published.status]).toEqual(['DRAFT', 'SCHEDULED', 'PUBLISHED']);
    expect(draft.createdBy).not.toBeUndefined();

    const list = await editor.inject({ method: 'GET', url: `${STAFF_NEWS}/posts?status=SCHEDULED` });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { items: StaffPost[] }).items.map((p) => p.id)).toEqual([scheduled.id]);
    const csv = await editor.inject({ method: 'GET', url: `${STAFF_NEWS}/posts?format=csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Status draft');
  });

  it('edits, publishes, archives and restores, each audited', async () => {
    const post = await writePost(editor, { title: 'Before', publicationDate: null });
    expect(await auditRows('news.create', String(post.id))).toHaveLength(1);
    const put = await editor.inject({
      method: 'PUT',
      url: `${STAFF_NEWS}/posts/${post.id}`,
      payload: postBody({ title: 'After', publicationDate: new Date().toISOString() }),
    });
    expect(put.json()).toMatchObject({ title: 'After', status: 'PUBLISHED' });
    const [update] = await auditRows('news.update', String(post.id));
    expect(update).toMatchObject({
      actorId: editor.userId,
      before: { title: 'Before' },
      after: { title: 'After' },
    });
    expect((await visitor(ctx).get(`${NEWS}/posts/${post.id}`)).statusCode).toBe(200);

    expect(
      (await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/posts/${post.id}/archive` })).statusCode,
    ).toBe(200);
    expect((await visitor(ctx).get(`${NEWS}/posts/${post.id}`)).statusCode).toBe(404);
    expect(
      (await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/posts/${post.id}/archive` })).statusCode,
    ).toBe(409);
    expect(
      (await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/posts/${post.id}/restore` })).statusCode,
    ).toBe(200);
    expect((await visitor(ctx).get(`${NEWS}/posts/${post.id}`)).statusCode).toBe(200);
    expect(await auditRows('news.archive', String(post.id))).toHaveLength(1);
    expect(await auditRows('news.restore', String(post.id))).toHaveLength(1);
  });

  it('names the field of bad input', async () => {
    for (const [payload, field] of [
      [postBody({ title: '  ' }), 'title'],
      [{ ...postBody(), category: 'GOSSIP' }, 'category'],
      [postBody({ content: '   ' }), 'content'],
      [postBody({ mediaKey: '../../etc/passwd' }), 'mediaKey'],
      [postBody({ publicationDate: 'tomorrow' }), 'publicationDate'],
    ] as const) {
      const res = await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/posts`, payload });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().field, field).toBe(field);
    }
  });

  it('takes media checked by content, whatever the name says', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const ok = await editor.inject({
      method: 'POST',
      url: `${STAFF_NEWS}/media`,
      ...multipart('file', 'a.png', png),
    });
    expect(ok.statusCode).toBe(201);
    const media = ok.json() as { mediaKey: string; mediaType: string; mediaContentUrl: string };
    expect(media).toMatchObject({ mediaType: 'IMAGE' });
    expect(media.mediaKey).toMatch(/^news\/[0-9a-f-]{36}\.png$/);
    expect((await ctx.app.inject({ method: 'GET', url: media.mediaContentUrl })).statusCode).toBe(200);
    const post = await writePost(editor, { mediaKey: media.mediaKey });
    expect(post).toMatchObject({ mediaType: 'IMAGE', mediaContentUrl: media.mediaContentUrl });

    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);
    const video = await editor.inject({
      method: 'POST',
      url: `${STAFF_NEWS}/media`,
      ...multipart('file', 'v.png', mp4),
    });
    expect(video.json()).toMatchObject({ mediaType: 'VIDEO' });
    expect(video.json().mediaKey).toMatch(/\.mp4$/);

    const fake = Buffer.from('<svg onload="alert(1)"></svg> pretending to be a picture');
    const refused = await editor.inject({
      method: 'POST',
      url: `${STAFF_NEWS}/media`,
      ...multipart('file', 'x.png', fake),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'file' });
    expect(await auditRows('news.media_upload', media.mediaKey)).toHaveLength(1);
  });

  it('is the content role’s (and admin’s): support gets 403', async () => {
    const support = await staffSession(ctx.app, ['support']);
    expect((await support.inject({ method: 'GET', url: `${STAFF_NEWS}/posts` })).statusCode).toBe(403);
    expect((await support.inject({ method: 'GET', url: `${STAFF_NEWS}/comments` })).statusCode).toBe(403);
    const admin = await staffSession(ctx.app, ['admin']);
    expect((await admin.inject({ method: 'GET', url: `${STAFF_NEWS}/comments` })).statusCode).toBe(200);
  });
});

describe('moderation', () => {
  it('hides, shows and deletes any comment, each audited', async () => {
    const post = await writePost(editor);
    const alice = await player(ctx);
    const comment = (
      await alice.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'Rude words' })
    ).json() as Comment;
    const queue = await editor.inject({ method: 'GET', url: `${STAFF_NEWS}/comments?postId=${post.id}` });
    expect((queue.json() as { items: StaffComment[] }).items).toEqual([
      expect.objectContaining({
        id: comment.id,
        postTitle: post.title,
        userId: alice.userId,
        hiddenAt: null,
      }),
    ]);

    const hide = await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/comments/${comment.id}/hide` });
    expect(hide.json().hiddenAt).not.toBeNull();
    const seen = (await visitor(ctx).get(`${NEWS}/posts/${post.id}/comments`)).json() as {
      comments: Comment[];
    };
    expect(seen.comments).toEqual([]);
    expect((await visitor(ctx).get(`${NEWS}/posts/${post.id}`)).json()).toMatchObject({ commentCount: 0 });
    // The author can no longer change a hidden comment either.
    expect((await alice.b.del(`${NEWS}/posts/comments/${comment.id}`)).statusCode).toBe(404);
    const [hidden] = await auditRows('news.comment_hide', String(comment.id));
    expect(hidden).toMatchObject({ actorId: editor.userId, before: { hiddenAt: null } });

    await editor.inject({ method: 'POST', url: `${STAFF_NEWS}/comments/${comment.id}/unhide` });
    expect(await auditRows('news.comment_unhide', String(comment.id))).toHaveLength(1);
    expect(
      ((await visitor(ctx).get(`${NEWS}/posts/${post.id}/comments`)).json() as { comments: Comment[] })
        .comments,
    ).toHaveLength(1);

    const del = await editor.inject({ method: 'DELETE', url: `${STAFF_NEWS}/comments/${comment.id}` });
    expect(del.statusCode).toBe(204);
    const [deleted] = await auditRows('news.comment_delete', String(comment.id));
    expect(deleted).toMatchObject({ before: { content: 'Rude words', userId: alice.userId } });
    expect(
      (await editor.inject({ method: 'DELETE', url: `${STAFF_NEWS}/comments/${comment.id}` })).statusCode,
    ).toBe(404);
  });

  it('stops a player from commenting (403) until lifted, audited', async () => {
    const post = await writePost(editor);
    const troll = await player(ctx);
    const bad = await editor.inject({
      method: 'POST',
      url: `${STAFF_NEWS}/comment-bans`,
      payload: { userId: troll.userId, reason: 'x' },
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'reason' });
    const ban = await editor.inject({
      method: 'POST',
      url: `${STAFF_NEWS}/comment-bans`,
      payload: { userId: troll.userId, reason: 'Spam links' },
    });
    expect(ban.statusCode).toBe(204);
    const refused = await troll.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'buy now' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'You can no longer comment' });
    // Reading and liking stay open.
    expect((await troll.b.post(`${NEWS}/posts/${post.id}/like`)).statusCode).toBe(200);
    const bans = (await editor.inject({ method: 'GET', url: `${STAFF_NEWS}/comment-bans` })).json();
    expect(bans.bans).toEqual([expect.objectContaining({ userId: troll.userId, reason: 'Spam links' })]);
    expect(await auditRows('news.comment_ban', troll.userId)).toHaveLength(1);

    expect(
      (await editor.inject({ method: 'DELETE', url: `${STAFF_NEWS}/comment-bans/${troll.userId}` }))
        .statusCode,
    ).toBe(204);
    expect(await auditRows('news.comment_unban', troll.userId)).toHaveLength(1);
    expect((await troll.b.post(`${NEWS}/posts/${post.id}/comments`, { content: 'sorry' })).statusCode).toBe(
      201,
    );
    expect(
      (await editor.inject({ method: 'DELETE', url: `${STAFF_NEWS}/comment-bans/${troll.userId}` }))
        .statusCode,
    ).toBe(404);
  });
});
