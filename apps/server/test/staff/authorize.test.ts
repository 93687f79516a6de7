import { ACCESS_TOKEN_COOKIE, authServerMessages } from '@paws/contracts/auth';
import type { StaffRole } from '@paws/contracts/staff';
import Fastify, { type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unauthorized } from '../../src/lib/errors.ts';
import { bans } from '../../src/modules/identity/schema.ts';
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
