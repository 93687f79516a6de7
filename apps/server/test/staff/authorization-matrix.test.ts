import { readFileSync } from 'node:fs';
import { type StaffRole, staffRoles } from '@paws/contracts/staff';
import { hasPermission, staffPermissionNames } from '@paws/contracts/staff-permissions';
import { type StaffRoute, staffRouteKey, staffRoutes } from '@paws/contracts/staff-routes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/env.ts';
import { guardBackOffice } from '../../src/modules/backoffice/access-hooks.ts';
import { renderRoleMatrix } from '../../src/modules/backoffice/role-matrix-doc.ts';
import { backOfficeInject, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { signedInNewPlayer } from './helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const sessions = new Map<StaffRole, StaffSession>();
let playerCookie = '';
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_SCALE: '50' });
  for (const role of staffRoles) sessions.set(role, await staffSession(t.app, [role]));
  const player = await signedInNewPlayer(t.app);
  playerCookie = player.b.jar.header('/api/staff') ?? '';
}, 120_000);
afterAll(() => t.close());

const placeholder = '00000000-0000-4000-8000-000000000000';
const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, placeholder);
const keyOf = (route: { method: string; url: string }) => staffRouteKey(route.method, route.url);
/** Signing out ends the session it is sent with: those requests go last, each with a session of its own. */
const endsSession = (route: StaffRoute) => route.method === 'POST' && route.url.endsWith('/auth/logout');

describe('the back-office authorization matrix', () => {
  it('is what docs/roles.md says, word for word', () => {
    expect(readFileSync(`${repoRoot}/docs/roles.md`, 'utf8')).toBe(renderRoleMatrix());
  });

  it('serves exactly the endpoints of the route table, each with the permission the table gives it', () => {
    const registered = t.app.backOfficeRoutes.map((route) => `${keyOf(route)} → ${route.permission}`);
    const table = staffRoutes.map((route) => `${keyOf(route)} → ${route.permission}`);
    expect([...registered].sort()).toEqual([...table].sort());
    expect(new Set(table).size).toBe(table.length);
  });

  it('opens at least one endpoint with every permission', () => {
    const used = new Set(staffRoutes.map((route) => route.permission));
    expect(staffPermissionNames.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it('gives identity documents to those who review verifications, not to everyone who reads players', () => {
    const documents = staffRoutes.filter(
      (route) => route.method === 'GET' && route.url.endsWith('/document'),
    );
    expect(documents.length).toBeGreaterThanOrEqual(2);
    for (const route of documents)
      expect(`${keyOf(route)} → ${route.permission}`).toMatch(/verifications\.review$/);
  });

  it('answers every endpoint × {visitor, player, each staff role} as the table says', async () => {
    const mismatches: string[] = [];
    const send = (route: StaffRoute, cookie?: string) =>
      backOfficeInject(t.app, {
        method: route.method,
        url: urlOf(route.url),
        cookie,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
    const routes = [
      ...staffRoutes.filter((route) => !endsSession(route)),
      ...staffRoutes.filter(endsSession),
    ];
    let checked = 0;
    for (const route of routes) {
      const expectStatus = async (who: string, cookie: string | undefined, allowed: boolean) => {
        const { statusCode } = await send(route, cookie);
        checked += 1;
        const refused = statusCode === 401 || statusCode === 403;
        const expected = allowed ? 'not 401/403' : who === 'visitor' || who === 'player' ? 401 : 403;
        const ok = expected === 'not 401/403' ? !refused : statusCode === expected;
        if (!ok) mismatches.push(`${keyOf(route)} as ${who}: ${statusCode}, expected ${expected}`);
      };
      if (route.permission === 'signin') {
        // The steps before a session: open to anyone (an empty body is a 400, not a refusal).
        await expectStatus('visitor', undefined, true);
        continue;
      }
      const permission = route.permission;
      await expectStatus('visitor', undefined, false);
      await expectStatus('player', playerCookie, false);
      for (const role of staffRoles) {
        const session = endsSession(route) ? await staffSession(t.app, [role]) : sessions.get(role)!;
        await expectStatus(role, session.cookie, hasPermission([role], permission));
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(staffRoutes.length * 3);
  }, 180_000);
});

describe('the route table at start', () => {
  const table: StaffRoute[] = [
    { method: 'GET', url: '/api/staff/things', permission: 'players.read' },
    { method: 'POST', url: '/api/staff/things', permission: 'players.note' },
  ];
  const serve = async (routes: { method: 'GET' | 'POST'; url: string }[]) => {
    const app = Fastify();
    await app.register(
      async (backOffice) => {
        guardBackOffice(backOffice, [], table);
        for (const route of routes) backOffice.route({ ...route, url: route.url, handler: async () => ({}) });
      },
      { prefix: '/api/staff' },
    );
    try {
      await app.ready();
    } finally {
      await app.close().catch(() => {});
    }
  };

  it('starts when routes and table agree', async () => {
    await expect(
      serve([
        { method: 'GET', url: '/things' },
        { method: 'POST', url: '/things' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('stops at a route the table does not list, naming it', async () => {
    await expect(
      serve([
        { method: 'GET', url: '/things' },
        { method: 'POST', url: '/things' },
        { method: 'GET', url: '/secret' },
      ]),
    ).rejects.toThrow('Back-office route GET /api/staff/secret is not in the route table');
  });

  it('stops at an entry of the table that no route serves, naming it', async () => {
    await expect(serve([{ method: 'GET', url: '/things' }])).rejects.toThrow(
      'lists endpoints no route serves: POST /api/staff/things',
    );
  });
});
