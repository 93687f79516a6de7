import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../src/config/env.ts';
import { type ModuleName, moduleNames, moduleSurfaces, subscriptions } from '../../src/modules/manifest.ts';
import { createTestApp } from '../helpers/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The /api routes an app answers, as 'METHOD /path'. */
function apiRoutes(app: TestApp['app']) {
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = line.match(/(\/api\/\S*) \(/);
    if (match?.[1]) routes.push(match[1]);
  }
  return routes;
}
const ownerOf = (route: string) =>
  moduleNames.filter((name) => moduleSurfaces[name].routes.some((prefix) => route.startsWith(prefix)));

describe('SERVICES and the module manifest', () => {
  let all: TestApp;
  let some: TestApp;
  beforeAll(async () => {
    all = await createTestApp();
    some = await createTestApp({ SERVICES: 'identity, notifications' });
  });
  afterAll(async () => {
    await some?.close();
    await all?.close();
  });

  it('every /api route of the full app belongs to exactly one module of the manifest', () => {
    const routes = apiRoutes(all.app).filter((route) => !route.startsWith('/api/dev/'));
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => ownerOf(route).length !== 1)).toEqual([]);
  });

  it('a process serving some modules answers their routes only, and builds every service', async () => {
    const served = new Set<ModuleName>(['identity', 'notifications']);
    const routes = apiRoutes(some.app).filter((route) => !route.startsWith('/api/dev/'));
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes)
      expect(
        ownerOf(route).every((name) => served.has(name)),
        route,
      ).toBe(true);
    expect(routes.some((route) => route.startsWith('/api/notifications/'))).toBe(true);
    const bonuses = await some.app.inject({ method: 'GET', url: '/api/bonuses/profile/bonuses' });
    expect(bonuses.statusCode).toBe(404);
    // Services of modules it does not serve are still there for the others to call.
    expect(typeof some.app.wallet.balanceOf).toBe('function');
    expect(typeof some.app.payments.completedDeposits).toBe('function');
    expect(some.app.serves('notifications')).toBe(true);
    expect(some.app.serves('bonuses')).toBe(false);
  });

  it('declares a module for every subscriber', () => {
    for (const subscription of Object.values(subscriptions)) {
      expect(moduleNames).toContain(subscription.module);
    }
  });

  it('refuses an unknown module name with one line naming SERVICES', () => {
    expect(() => parseEnv({ SERVICES: 'wallet,casino' })).toThrow(EnvError);
    expect(() => parseEnv({ SERVICES: 'wallet,casino' })).toThrow(
      /^Invalid environment variable SERVICES: unknown module casino/,
    );
    expect(parseEnv({ SERVICES: 'wallet, bonuses' }).SERVICES).toBe('wallet, bonuses');
  });
});
