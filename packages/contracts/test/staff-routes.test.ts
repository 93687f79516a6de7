import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STAFF_API_PREFIX, type StaffRole, staffRoles } from '../src/staff.ts';
import {
  hasPermission,
  type StaffPermission,
  staffPermissionNames,
  staffPermissions,
} from '../src/staff-permissions.ts';
import { staffRouteKey, staffRoutePermissions, staffRoutes } from '../src/staff-routes.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const entries = Object.entries(staffRoutePermissions) as [string, StaffPermission | 'signin'][];
const rolesArb = fc.subarray([...staffRoles]);

describe('the route table', () => {
  it('lists each endpoint as METHOD /api/staff/…, with Fastify-style :parameters', () => {
    for (const [key] of entries) {
      const [method, url, ...rest] = key.split(' ');
      expect(rest, key).toEqual([]);
      expect(METHODS, key).toContain(method);
      expect(url?.startsWith(`${STAFF_API_PREFIX}/`), key).toBe(true);
      expect(url, key).toMatch(/^(\/(:[a-zA-Z]+|[a-z0-9-]+))+$/);
    }
  });

  it('has no two entries that one router would treat as the same endpoint', () => {
    // '/players/:id' and '/players/:playerId' are one route to Fastify, whatever their names.
    const shapes = entries.map(([key]) => key.replace(/:[a-zA-Z]+/g, ':'));
    expect(shapes.length).toBe(new Set(shapes).size);
  });

  it('names only permissions of the role matrix (or signin, for the steps before a session)', () => {
    for (const [key, permission] of entries) {
      if (permission === 'signin') {
        // The sign-in steps, and the cold load's question 'is there a session?' (answered 200 either way).
        expect(key, 'signin is for the sign-in steps only').toMatch(
          /^(POST \/api\/staff\/auth\/|GET \/api\/staff\/auth\/session$)/,
        );
        continue;
      }
      expect(staffPermissionNames, key).toContain(permission);
    }
  });

  it('opens at least one endpoint with every permission of the matrix', () => {
    const used = new Set(entries.map(([, p]) => p));
    expect(staffPermissionNames.filter((p) => !used.has(p))).toEqual([]);
  });

  it('gives the same list, in order, split into method, url and permission', () => {
    expect(staffRoutes).toHaveLength(entries.length);
    staffRoutes.forEach((route, i) => {
      const [key, permission] = entries[i] as [string, string];
      expect(staffRouteKey(route.method, route.url)).toBe(key);
      expect(route.permission).toBe(permission);
    });
    expect(staffRouteKey('get', '/api/staff/me')).toBe('GET /api/staff/me');
  });
});

describe('the role matrix', () => {
  it('grants permissions to staff roles only, never listing admin (who holds every one)', () => {
    for (const [permission, roles] of Object.entries(staffPermissions)) {
      for (const role of roles as readonly string[]) {
        expect(staffRoles, permission).toContain(role);
        expect(role, permission).not.toBe('admin');
      }
      expect(new Set(roles).size, permission).toBe(roles.length);
    }
  });

  it('lets every staff role see who it is and sign out, and do something more', () => {
    for (const role of staffRoles) {
      expect(hasPermission([role], 'self'), role).toBe(true);
      const opened = staffRoutes.filter((r) => r.permission !== 'signin' && r.permission !== 'self');
      expect(
        opened.some((r) => hasPermission([role], r.permission as StaffPermission)),
        role,
      ).toBe(true);
    }
  });

  it('answers hasPermission from the matrix: admin all, others what is listed for one of their roles (property)', () => {
    fc.assert(
      fc.property(rolesArb, fc.constantFrom(...staffPermissionNames), (roles: StaffRole[], permission) => {
        const listed = staffPermissions[permission] as readonly StaffRole[];
        const expected = roles.includes('admin') || roles.some((role) => listed.includes(role));
        expect(hasPermission(roles, permission)).toBe(expected);
      }),
    );
    expect(staffPermissionNames.filter((p) => !hasPermission([], p))).toEqual(staffPermissionNames);
  });

  it('keeps the money decisions and staff management away from support and content', () => {
    for (const permission of [
      'adjustments.approve',
      'withdrawals.review',
      'verifications.review',
      'staff.manage',
    ] as const) {
      expect(hasPermission(['support', 'content'], permission), permission).toBe(false);
    }
    expect(hasPermission(['finance'], 'staff.manage')).toBe(false);
    // Identity documents are verifications.review, not players.read.
    const document = staffRoutes.filter((r) => r.url.endsWith('/document'));
    expect(document.length).toBeGreaterThan(0);
    for (const route of document) expect(route.permission).toBe('verifications.review');
  });
});
