import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@paws/contracts/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { createSharedDatabase, type RunningServer, startRedis, startServer } from '../helpers/server.ts';
import { signInByEmailLink, watchErrors } from './identity-support.ts';

const { email, password } = demoAccounts.player;

/**
 * Issue 7: two server processes share PostgreSQL and Redis. The player's browser is connected to process B;
 * a deposit handled by process A reaches it as a live toast, through the socket.io Redis adapter.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'notifications across two processes',
  () => {
    let database: Awaited<ReturnType<typeof createSharedDatabase>>;
    let redis: Awaited<ReturnType<typeof startRedis>>;
    let a: RunningServer;
    let b: RunningServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      // The run's migrated and seeded database copied, and a Redis of the pair's own (no other test's packets).
      [database, redis] = await Promise.all([
        createSharedDatabase(process.env.DATABASE_URL as string),
        startRedis(),
      ]);
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        SECRET: randomBytes(32).toString('hex'),
      };
      // Together, as a deployment starts its processes (the migrations run under a lock, the seed is idempotent).
      [a, b, browser] = await Promise.all([startServer(shared), startServer(shared), launchBrowser()]);
      context = await browser.newContext(viewports.desktop);
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(async () => {
      await context?.close();
      await browser?.close();
      await b?.stop();
      await a?.stop();
      await database?.drop();
      await redis?.stop();
    });

    it('a deposit on process A shows as a toast in the browser on process B', async () => {
      await signInByEmailLink(page, b.platform, email, password);
      await page.goto(`${b.platform}/profile/account`);
      await page.locator('html[data-notifications-live="true"]').waitFor({ timeout: 15_000 });
      // The browser's session cookies (127.0.0.1, any port) make the deposit call to A as the same player.
      const cookie = (await context.cookies(b.platform)).map((c) => `${c.name}=${c.value}`).join('; ');
      // The socket connects shortly after the page has loaded; a deposit made before it is only in the list,
      // so deposit again until one arrives live (each is a real, separate deposit on A).
      const toast = page
        .getByRole('status')
        .filter({ hasText: 'Your deposit of $30.00 was credited to your balance.' });
      for (let attempt = 0; attempt < 4 && (await toast.count()) === 0; attempt++) {
        const res = await fetch(`${a.platform}/api/platform/users/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ amount: 30, paymentMethod: 'CARD' }),
        });
        expect(res.status).toBe(201);
        await toast
          .first()
          .waitFor({ timeout: 4_000 })
          .catch(() => undefined);
      }
      await toast.first().waitFor({ timeout: 1_000 });
      expect(errors).toEqual([]);
    });
  },
);
