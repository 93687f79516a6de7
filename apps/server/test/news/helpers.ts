import type { Post } from '@paws/contracts/news';
import type { StaffPost, StaffPostBody } from '@paws/contracts/staff-news';
import { afterAll, beforeAll } from 'vitest';
import { STAFF_API, type StaffSession, staffSession } from '../helpers/staff.ts';
import { PLATFORM_HOST } from '../helpers/test-app.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  type IdentityTestApp,
  signUpByEmail,
} from '../identity/helpers.ts';

export const NEWS = '/api/news';

/** A news test file's app and an editor (content staff): made before the file's tests, closed after them. */
export function newsTestApp(): { ctx: IdentityTestApp; editor: StaffSession } {
  const made = {} as { ctx: IdentityTestApp; editor: StaffSession };
  beforeAll(async () => {
    made.ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: 'http://backoffice.test' } });
    made.editor = await staffSession(made.ctx.app, ['content']);
  });
  afterAll(() => made.ctx?.close());
  return made;
}

export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();
export const STAFF_NEWS = `${STAFF_API}/news`;

export async function player(ctx: IdentityTestApp): Promise<{ b: Browser; userId: string }> {
  const b = browser(ctx.app, PLATFORM_HOST);
  await signUpByEmail(ctx.app, b);
  const me = (await b.get('/api/platform/profile/user-data')).json() as { user: { userId: string } };
  return { b, userId: me.user.userId };
}

export const visitor = (ctx: IdentityTestApp) => browser(ctx.app, PLATFORM_HOST);

export function postBody(overrides: Partial<StaffPostBody> = {}): StaffPostBody {
  return {
    title: 'A post',
    content: 'Some **markdown** body.',
    category: 'ANNOUNCEMENT_ABOUT_US',
    mediaKey: null,
    publicationDate: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

export async function writePost(editor: StaffSession, overrides: Partial<StaffPostBody> = {}) {
  const res = await editor.inject({
    method: 'POST',
    url: `${STAFF_NEWS}/posts`,
    payload: postBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create post failed: ${res.body}`);
  return res.json() as StaffPost;
}

export async function listPosts(b: Browser, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await b.get(`${NEWS}/posts?${qs}`);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json() as { posts: Post[]; total: number };
}
