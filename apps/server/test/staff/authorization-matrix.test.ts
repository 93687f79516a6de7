import { readFileSync } from 'node:fs';
import { type StaffRole, staffRoles } from '@paws/contracts/staff';
import { hasPermission, staffPermissionNames } from '@paws/contracts/staff-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config/env.ts';
import { renderRoleMatrix } from '../../src/modules/staff/role-matrix-doc.ts';
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

describe('the back-office authorization matrix', () => {
  it('is what docs/roles.md says, word for word', () => {
    expect(readFileSync(`${repoRoot}/docs/roles.md`, 'utf8')).toBe(renderRoleMatrix());
  });

  it('names a permission on every back-office route, and every permission guards a route', () => {
    const guarded = t.app.backOfficeRoutes.filter((route) => route.permission !== 'signin');
    expect(guarded.length).toBeGreaterThan(5);
    const used = new Set(guarded.map((route) => route.permission));
    expect(staffPermissionNames.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it('answers every route × {visitor, player, each staff role} as the matrix says', async () => {
    const mismatches: string[] = [];
    const routes = t.app.backOfficeRoutes.filter(
      (route) =>
        route.permission !== 'signin' && !(route.method === 'POST' && route.url.endsWith('/auth/logout')),
    );
    for (const route of routes) {
      const permission = route.permission as (typeof staffPermissionNames)[number];
      const send = (cookie?: string) =>
        backOfficeInject(t.app, {
          method: route.method as 'GET',
          url: urlOf(route.url),
          cookie,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
      const expectStatus = async (who: string, cookie: string | undefined, allowed: boolean) => {
        const { statusCode } = await send(cookie);
        const refused = statusCode === 401 || statusCode === 403;
        const expected = who === 'visitor' || who === 'player' ? 401 : allowed ? 'not 401/403' : 403;
        const ok = expected === 'not 401/403' ? !refused : statusCode === expected;
        if (!ok)
          mismatches.push(`${route.method} ${route.url} as ${who}: ${statusCode}, expected ${expected}`);
      };
      await expectStatus('visitor', undefined, false);
      await expectStatus('player', playerCookie, false);
      for (const role of staffRoles) {
        await expectStatus(role, sessions.get(role)!.cookie, hasPermission([role], permission));
      }
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
