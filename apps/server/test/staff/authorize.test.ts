import { ACCESS_TOKEN_COOKIE, authServerMessages } from '@paws/contracts/auth';
import type { StaffRole } from '@paws/contracts/staff';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorized } from '../../src/lib/errors.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { authorize, mayAct } from '../../src/plugins/authorize.ts';
import { errorHandler } from '../../src/plugins/error-handler.ts';
import { createStaffTestApp, STAFF, type StaffTestApp, signedInNewPlayer, signedInStaff } from './helpers.ts';

describe('app.authorize on a route subtree (the hook alone)', () => {
  // A stand-in for the session check: the cookie names the staff roles, "none" a player.
  const fakeAuthenticate = fp(
    async (app) => {
      app.decorateRequest('user', null);
      app.decorate('authenticate', async (request: FastifyRequest) => {
        const roles = request.headers.cookie?.match(/roles=([a-z,]*)/)?.[1];
        if (roles === undefined) throw unauthorized();
        const staffRoles = roles === 'none' ? [] : (roles.split(',') as StaffRole[]);
        request.user = { id: 'u1', role: 'player', staffRoles, sessionId: 's1' };
      });
    },
    { name: 'authenticate' },
  );
  const app = Fastify();
  beforeAll(async () => {
    await app.register(errorHandler);
    await app.register(fakeAuthenticate);
    await app.register(authorize);
    await app.register(async (staff) => {
      staff.addHook('onRequest', app.authorize('support', 'admin'));
      staff.get('/tickets', async () => ({ ok: true }));
    });
    app.get('/open', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, roles?: string) =>
    app.inject({ url, headers: roles === undefined ? {} : { cookie: `roles=${roles}` } });

  it('answers 401 without a session, 403 {statusCode, message} for a wrong role, else passes', async () => {
    const anonymous = await get('/tickets');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });

    for (const roles of ['none', 'content', 'finance', 'content,finance']) {
      const refused = await get('/tickets', roles);
      expect(refused.statusCode, roles).toBe(403);
      expect(refused.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
    for (const roles of ['support', 'admin', 'content,support', 'finance,admin']) {
      const allowed = await get('/tickets', roles);
      expect(allowed.statusCode, roles).toBe(200);
      expect(allowed.json()).toEqual({ ok: true });
    }
  });

  it('guards only its subtree', async () => {
    expect((await get('/open')).statusCode).toBe(200);
  });

  it('admin passes every check; other roles only their own', () => {
    expect(mayAct(['admin'], ['finance'])).toBe(true);
    expect(mayAct(['support'], ['support'])).toBe(true);
    expect(mayAct(['support', 'content'], ['finance'])).toBe(false);
    expect(mayAct([], ['support'])).toBe(false);
  });
});

describe('the staff API behind real sessions', () => {
  let ctx: StaffTestApp;
  beforeAll(async () => {
    ctx = await createStaffTestApp();
  });
  afterAll(() => ctx?.close());

  it('answers 401 without a session or with a token we did not sign', async () => {
    for (const url of [`${STAFF}/me`, `${STAFF}/roles`, `${STAFF}/audit`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
      const forged = await ctx.app.inject({ url, headers: { cookie: `${ACCESS_TOKEN_COOKIE}=forged` } });
      expect(forged.statusCode, url).toBe(401);
    }
  });

  it('answers 403 to a player anywhere under /api/staff', async () => {
    const player = await signedInNewPlayer(ctx.app);
    for (const url of [`${STAFF}/me`, `${STAFF}/roles`, `${STAFF}/audit`]) {
      const res = await player.b.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
  });

  it('lets every staff role ask who it is, and only admins into roles and audit', async () => {
    for (const account of ['support', 'content', 'finance'] as const) {
      const { b, userId } = await signedInStaff(ctx.app, account);
      const me = await b.get(`${STAFF}/me`);
      expect(me.statusCode, account).toBe(200);
      expect(me.json()).toEqual({ userId, roles: [account] });
      for (const url of [`${STAFF}/roles`, `${STAFF}/audit`]) {
        expect((await b.get(url)).statusCode, `${account} ${url}`).toBe(403);
      }
      const grant = await b.post(`${STAFF}/roles`, { userId, role: 'admin' });
      expect(grant.statusCode, account).toBe(403);
    }
    const admin = await signedInStaff(ctx.app, 'admin');
    expect((await admin.b.get(`${STAFF}/me`)).json()).toEqual({ userId: admin.userId, roles: ['admin'] });
    expect((await admin.b.get(`${STAFF}/roles`)).statusCode).toBe(200);
    expect((await admin.b.get(`${STAFF}/audit`)).statusCode).toBe(200);
  });

  it('a revoked role takes effect on the very next request of a live session', async () => {
    const admin = await signedInStaff(ctx.app, 'admin');
    const player = await signedInNewPlayer(ctx.app);
    const granted = await admin.b.post(`${STAFF}/roles`, { userId: player.userId, role: 'support' });
    expect(granted.statusCode).toBe(201);
    expect((await player.b.get(`${STAFF}/me`)).statusCode).toBe(200);
    const revoked = await admin.b.del(`${STAFF}/roles/${player.userId}/support`);
    expect(revoked.statusCode).toBe(200);
    expect((await player.b.get(`${STAFF}/me`)).statusCode).toBe(403);
  });

  it('a banned staff account is refused like any banned account', async () => {
    const { b, userId } = await signedInStaff(ctx.app, 'content');
    await ctx.app.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, userId));
    const res = await b.get(`${STAFF}/me`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ statusCode: 403, message: authServerMessages.banned });
  });
});
