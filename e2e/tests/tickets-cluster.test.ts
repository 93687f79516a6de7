import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoAccounts } from '@paws/contracts/auth';
import { demoStaffAccounts } from '@paws/contracts/staff';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, viewports } from '../helpers/browser.ts';
import { createSharedDatabase, type RunningServer, startRedis, startServer } from '../helpers/server.ts';
import { enrolAndSignIn } from '../helpers/staff.ts';
import { signInByEmailLink, waitForMessage, watchErrors } from './identity-support.ts';

/** A real 2×2 PNG (the server checks a file's type by its content). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 15: a player on process A and a support agent on process B (two browsers, one PostgreSQL, one Redis)
 * chat live both ways with image attachments; the agent proposes resolve; the player accepts and rates the
 * agent 5 with a comment, which the agent then sees. A visitor's ticket answered by the agent reaches the
 * visitor's e-mail.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)(
  'support tickets across two processes',
  () => {
    let database: Awaited<ReturnType<typeof createSharedDatabase>>;
    let redis: Awaited<ReturnType<typeof startRedis>>;
    let a: RunningServer;
    let b: RunningServer;
    let playerBrowser: Browser;
    let staffBrowser: Browser;
    let player: Page;
    let agent: Page;
    let uploads: string;
    const errors: string[][] = [];
    let ticketUrl = '';

    beforeAll(async () => {
      // The run's migrated and seeded database copied, and a Redis of the pair's own (no other test's packets).
      [database, redis] = await Promise.all([
        createSharedDatabase(process.env.DATABASE_URL as string),
        startRedis(),
      ]);
      // Attachments are files on disk: both processes use one folder, as they would one volume.
      uploads = mkdtempSync(join(tmpdir(), 'paws-e2e-shared-'));
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: uploads,
      };
      // Together, as a deployment starts its processes (the migrations run under a lock, the seed is idempotent).
      [a, b, playerBrowser, staffBrowser] = await Promise.all([
        startServer(shared),
        startServer(shared),
        launchBrowser(),
        launchBrowser(),
      ]);
      player = await (await playerBrowser.newContext(viewports.phone)).newPage();
      agent = await (await staffBrowser.newContext(viewports.desktop)).newPage();
      errors.push(watchErrors(player), watchErrors(agent));
    });
    afterAll(async () => {
      await playerBrowser?.close();
      await staffBrowser?.close();
      await b?.stop();
      await a?.stop();
      await database?.drop();
      await redis?.stop();
      if (uploads) rmSync(uploads, { recursive: true, force: true });
    });

    it('the player opens a request on process A; the agent on process B finds it in the queue', async () => {
      await signInByEmailLink(player, a.platform, demoAccounts.player.email, demoAccounts.player.password);
      await player.goto(`${a.platform}/profile/support`);
      await player.getByRole('button', { name: 'New request' }).click();
      const dialog = player.getByRole('dialog', { name: 'New request' });
      await dialog.getByRole('radio', { name: 'Technical problem' }).check({ force: true });
      await dialog.getByLabel('Message').fill('My withdrawal page shows a blank screen');
      await dialog.getByRole('button', { name: 'Send request' }).click();
      await player.waitForURL(/\/profile\/support\/[0-9a-f-]{36}$/);
      ticketUrl = player.url();
      const chat = player.getByRole('list', { name: 'Chat with the manager' });
      await chat.getByText('My withdrawal page shows a blank screen').waitFor();

      const { email, password } = demoStaffAccounts.support;
      await enrolAndSignIn(agent, b.backOffice, email, password);
      await agent.goto(`${b.backOffice}/tickets`);
      const queue = agent.getByRole('table', { name: 'Tickets' });
      await queue.getByRole('link', { name: /My withdrawal page shows a blank screen/ }).click();
      await agent.getByRole('log', { name: 'Conversation' }).waitFor();
    });

    it('they chat live both ways, across the processes, with an image each way', async () => {
      const log = agent.getByRole('log', { name: 'Conversation' });
      const chat = player.getByRole('list', { name: 'Chat with the manager' });

      // The agent answers with a screenshot: it appears live in the player's chat on the other process.
      await agent
        .getByLabel('Attach')
        .setInputFiles({ name: 'where.png', mimeType: 'image/png', buffer: png });
      await agent.getByRole('textbox', { name: 'Reply' }).fill('Could you try this setting?');
      await agent.getByRole('textbox', { name: 'Reply' }).press('Enter');
      await chat.getByText('Could you try this setting?').waitFor({ timeout: 15_000 });
      await player.getByRole('button', { name: 'Open the image where.png' }).click();
      const lightbox = player.getByRole('dialog');
      const image = lightbox.getByRole('img', { name: 'where.png' });
      await image.waitFor();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
      await player.keyboard.press('Escape');
      await player.getByText('Request status has changed to: In Progress').first().waitFor();

      // The player answers with a picture of their own: live on the agent's screen.
      await player
        .getByLabel('Attach a file')
        .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
      await player.getByRole('textbox', { name: 'Your message' }).fill('Still blank, see my screenshot');
      await player.getByRole('button', { name: 'Send' }).click();
      await log.getByText('Still blank, see my screenshot').waitFor({ timeout: 15_000 });
      await log.getByRole('img', { name: 'blank.png' }).waitFor();
    });

    it('the agent proposes resolve; the player accepts and rates 5 with a comment; the agent sees it', async () => {
      await agent.getByRole('button', { name: 'Propose resolve' }).click();
      await agent.getByRole('button', { name: 'Yes, propose resolve' }).click();
      // Pushed to the player's open chat on the other process.
      await player
        .getByText('Request status has changed to: Resolve Request')
        .first()
        .waitFor({ timeout: 15_000 });

      await player.goto(`${a.platform}/profile/support`);
      const prompt = player.getByRole('group', {
        name: 'Please check if the solution was effective and leave a feedback:',
      });
      await prompt.getByRole('button', { name: 'Accept' }).click();
      await player.getByText('Status: Closed').first().waitFor();

      await player.goto(ticketUrl);
      await player
        .getByText("Please rate our manager's work, so we can become even better for you!")
        .waitFor();
      await player
        .getByRole('group', { name: 'Your rating of our manager' })
        .getByRole('radio', { name: '5 of 5 stars' })
        .check({ force: true });
      await player.getByLabel('Comment (optional)').fill('Fast and friendly, thank you');
      await player.getByRole('button', { name: 'Send feedback' }).click();
      await player.getByText('Thank you for your feedback!').waitFor();

      await agent.reload();
      await agent.getByText('5 of 5').waitFor();
      await agent.getByText('Fast and friendly, thank you').waitFor();
      expect(errors.flat()).toEqual([]);
    });

    it("a visitor's request answered by the agent reaches the visitor's e-mail", async () => {
      const visitorEmail = `visitor-${Date.now()}@example.com`;
      const res = await fetch(`${a.landing}/api/tickets/tickets/unAuth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.landing },
        body: JSON.stringify({
          nameOfUser: 'Vic Visitor',
          email: visitorEmail,
          invocationCategory: 'CONSULTATION',
          message: 'Do you accept players from Malta?',
        }),
      });
      expect(res.status).toBe(201);

      await agent.goto(`${b.backOffice}/tickets`);
      await agent
        .getByRole('table', { name: 'Tickets' })
        .getByRole('link', { name: /Do you accept players from Malta/ })
        .click();
      await agent.getByRole('textbox', { name: 'Reply' }).fill('Yes, Malta is welcome.');
      await agent.getByRole('textbox', { name: 'Reply' }).press('Enter');
      await agent.getByRole('log', { name: 'Conversation' }).getByText('Yes, Malta is welcome.').waitFor();

      const reply = await waitForMessage(a.platform, visitorEmail, (m) =>
        m.body.includes('Yes, Malta is welcome.'),
      );
      expect(reply.body).toContain('/support/ticket/');
    });
  },
);
