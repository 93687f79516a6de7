import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationSessions } from '../../src/modules/kyc/schema.ts';
import { recorded } from '../backbone/helpers.ts';
import { browser, PLATFORM_HOST } from '../identity/helpers.ts';
import {
  createPaymentsTestApp,
  type PaymentsTestApp,
  PLATFORM_API,
  signedInPlayer,
} from '../payments/helpers.ts';
import {
  decide,
  files,
  START,
  sandboxApi,
  signedWebhook,
  startSession,
  uploadDocument,
  WEBHOOK,
} from './helpers.ts';

let ctx: PaymentsTestApp;
beforeAll(async () => {
  ctx = await createPaymentsTestApp();
});
const resultsOf = async (userId: string) =>
  (await recorded(ctx.app, 'kyc.verification_result')).filter((r) => r.userId === userId);
afterAll(() => ctx?.close());

type Player = Awaited<ReturnType<typeof signedInPlayer>>;
const stateOf = async ({ b }: Player) =>
  ((await b.get(`${PLATFORM_API}/profile/user-data`)).json() as { user: { verificationType: string } }).user
    .verificationType;
const rowOf = async (sessionId: string) =>
  (
    await ctx.app.database.db
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, sessionId))
  )[0];
const webhook = (event: unknown, key?: string) =>
  ctx.app.inject({ method: 'POST', url: WEBHOOK, ...signedWebhook(ctx.env.SECRET, event, key) });

describe('GET /verification-sessions', () => {
  it('needs a signed-in player', async () => {
    expect((await browser(ctx.app, PLATFORM_HOST).get(START)).statusCode).toBe(401);
  });

  it("answers the sandbox page's address and records a STARTED session; the player stays NONE", async () => {
    const player = await signedInPlayer(ctx);
    const res = await player.b.get(START);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { verificationUrl } = res.json() as { verificationUrl: string };
    const url = new URL(verificationUrl);
    expect(url.origin).toBe('http://platform.test');
    expect(url.pathname).toMatch(/^\/kyc-sandbox\/[0-9a-f-]{36}$/);
    const row = await rowOf(url.pathname.split('/').pop() ?? '');
    expect(row).toMatchObject({
      userId: player.userId,
      provider: 'sandbox',
      status: 'STARTED',
      result: null,
    });
    expect(await stateOf(player)).toBe('NONE');
  });

  it('cancels the earlier open session when a new one starts', async () => {
    const player = await signedInPlayer(ctx);
    const first = await startSession(player.b);
    const second = await startSession(player.b);
    expect((await rowOf(first.sessionId))?.status).toBe('CANCELED');
    expect((await rowOf(second.sessionId))?.status).toBe('STARTED');
    expect((await uploadDocument(player.b, first.sessionId)).statusCode).toBe(409);
  });
});

describe('the sandbox flow', () => {
  it('upload moves NONE to PENDING, Approve to APPROVED; the result is told once and the document kept privately', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);

    const uploaded = await uploadDocument(player.b, sessionId, { filename: '../../my passport.png' });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toMatchObject({
      sessionId,
      status: 'STARTED',
      submitted: true,
      document: { name: 'my passport.png', type: 'image/png', size: files.png.length },
    });
    expect(await stateOf(player)).toBe('PENDING');
    // In review: no second session and no second upload.
    expect((await player.b.get(START)).statusCode).toBe(409);
    expect((await uploadDocument(player.b, sessionId)).statusCode).toBe(409);

    const row = await rowOf(sessionId);
    const stored = join(ctx.dataDir, 'kyc-documents', row?.documentPath ?? 'missing');
    expect(await readFile(stored)).toEqual(files.png);
    expect(row?.documentPath).toBe(`${player.userId}/${sessionId}.png`);
    // Not under the public uploads folder, and not served.
    expect(existsSync(join(ctx.dataDir, 'uploads', row?.documentPath ?? ''))).toBe(false);
    expect((await player.b.get(`/uploads/${row?.documentPath}`)).statusCode).toBe(404);

    const approved = await decide(player.b, sessionId, 'APPROVE');
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({ status: 'FINISHED', result: 'APPROVED' });
    expect(await stateOf(player)).toBe('APPROVED');
    expect(await resultsOf(player.userId)).toEqual([{ userId: player.userId, result: 'APPROVED' }]);
    // Verified: nothing more to start, and the finished session takes no other decision.
    const again = await player.b.get(START);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Your identity is already verified' });
    expect((await decide(player.b, sessionId, 'DECLINE')).statusCode).toBe(409);
    expect(await stateOf(player)).toBe('APPROVED');
  });

  it('Decline ends DECLINED, and a declined player may start again', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    expect(
      (
        await uploadDocument(player.b, sessionId, {
          filename: 'id.pdf',
          contentType: 'application/pdf',
          data: files.pdf,
        })
      ).statusCode,
    ).toBe(201);
    const declined = await decide(player.b, sessionId, 'DECLINE');
    expect(declined.json()).toMatchObject({ status: 'FINISHED', result: 'DECLINED' });
    expect(await stateOf(player)).toBe('DECLINED');
    expect(await resultsOf(player.userId)).toEqual([{ userId: player.userId, result: 'DECLINED' }]);

    const retry = await startSession(player.b);
    expect(
      (
        await uploadDocument(player.b, retry.sessionId, {
          filename: 'id.jpg',
          contentType: 'image/jpeg',
          data: files.jpeg,
        })
      ).statusCode,
    ).toBe(201);
    expect(await stateOf(player)).toBe('PENDING');
    await decide(player.b, retry.sessionId, 'APPROVE');
    expect(await stateOf(player)).toBe('APPROVED');
  });

  it('Cancel before the upload changes nothing; after it the player is back to NONE', async () => {
    const player = await signedInPlayer(ctx);
    const first = await startSession(player.b);
    const canceled = await decide(player.b, first.sessionId, 'CANCEL');
    expect(canceled.statusCode).toBe(201);
    expect(canceled.json()).toMatchObject({ status: 'CANCELED', result: null });
    expect(await stateOf(player)).toBe('NONE');

    const second = await startSession(player.b);
    await uploadDocument(player.b, second.sessionId);
    expect(await stateOf(player)).toBe('PENDING');
    await decide(player.b, second.sessionId, 'CANCEL');
    expect(await stateOf(player)).toBe('NONE');
    expect((await rowOf(second.sessionId))?.status).toBe('CANCELED');
    expect(await resultsOf(player.userId)).toEqual([]);
  });

  it('refuses Approve before a document with 400 on the document field, and an unknown decision on decision', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const early = await decide(player.b, sessionId, 'APPROVE');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field: 'document', message: 'Please upload a document first' });
    const bad = await decide(player.b, sessionId, 'MAYBE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'decision',
      message: 'Decision must be APPROVE, DECLINE or CANCEL',
    });
    expect(await stateOf(player)).toBe('NONE');
  });
});

describe('document checks', () => {
  it.each([
    [
      'a text file named .png',
      { data: Buffer.from('hello, not an image'), filename: 'x.png' },
      'Please select a JPEG, PNG or PDF file',
    ],
    [
      'a GIF',
      { data: Buffer.from('GIF89a-----------'), filename: 'x.gif', contentType: 'image/gif' },
      'Please select a JPEG, PNG or PDF file',
    ],
    ['another field name', { field: 'avatar' }, 'Please select a JPEG, PNG or PDF file'],
    [
      'a file over 10 MB',
      { data: Buffer.concat([files.png, Buffer.alloc(10 * 1024 * 1024)]) },
      'File must be less than 10MB',
    ],
  ])('refuses %s with 400 on the document field and stays NONE', async (_name, upload, message) => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const res = await uploadDocument(player.b, sessionId, upload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'document', message });
    expect(await stateOf(player)).toBe('NONE');
    expect((await rowOf(sessionId))?.documentPath).toBeNull();
  });

  it('accepts exactly 10 MB', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const data = Buffer.concat([files.png, Buffer.alloc(10 * 1024 * 1024 - files.png.length)]);
    expect((await uploadDocument(player.b, sessionId, { data })).statusCode).toBe(201);
  });
});

describe('ownership', () => {
  it("answers 404 for another player's session, on the page and every sandbox call, and changes nothing", async () => {
    const owner = await signedInPlayer(ctx);
    const other = await signedInPlayer(ctx);
    const { sessionId } = await startSession(owner.b);
    expect((await other.b.get(sandboxApi(sessionId))).statusCode).toBe(404);
    expect((await other.b.get(`/kyc-sandbox/${sessionId}`)).statusCode).toBe(404);
    const upload = await uploadDocument(other.b, sessionId);
    expect(upload.statusCode).toBe(404);
    expect(upload.json()).toMatchObject({ message: 'Verification session not found' });
    expect((await decide(other.b, sessionId, 'CANCEL')).statusCode).toBe(404);
    expect(await stateOf(owner)).toBe('NONE');
    expect(await stateOf(other)).toBe('NONE');
    expect((await rowOf(sessionId))?.status).toBe('STARTED');
    expect((await owner.b.get(sandboxApi(sessionId))).json()).toMatchObject({ sessionId, status: 'STARTED' });
  });

  it('needs a signed-in player for the sandbox calls', async () => {
    const owner = await signedInPlayer(ctx);
    const { sessionId } = await startSession(owner.b);
    const anonymous = browser(ctx.app, PLATFORM_HOST);
    expect((await uploadDocument(anonymous, sessionId)).statusCode).toBe(401);
    expect((await decide(anonymous, sessionId, 'CANCEL')).statusCode).toBe(401);
  });
});

describe('POST /kyc/webhook', () => {
  it('refuses unsigned, mis-signed and foreign-key webhooks with 401 and moves nothing', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const event = { type: 'session.finished', sessionId, result: 'APPROVED' };
    const body = JSON.stringify(event);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const signed = signedWebhook(ctx.env.SECRET, event);
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: signed.headers,
      payload: body.replace('APPROVED', 'DECLINED'),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await webhook(event, 'another-providers-key')).statusCode).toBe(401);
    expect((await rowOf(sessionId))?.status).toBe('STARTED');
    expect(await stateOf(player)).toBe('NONE');
  });

  it('applies a signed result once: a redelivery is acknowledged and ignored', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    expect((await webhook({ type: 'session.submitted', sessionId })).statusCode).toBe(200);
    expect(await stateOf(player)).toBe('PENDING');
    const finished = { type: 'session.finished', sessionId, result: 'DECLINED' };
    const [a, b] = await Promise.all([webhook(finished), webhook(finished)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual({ received: true });
    expect((await webhook({ ...finished, result: 'APPROVED' })).statusCode).toBe(200);
    expect(await stateOf(player)).toBe('DECLINED');
    expect(await resultsOf(player.userId)).toEqual([{ userId: player.userId, result: 'DECLINED' }]);
  });

  it('records a provider error and returns an in-review player to NONE', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    await uploadDocument(player.b, sessionId);
    expect((await webhook({ type: 'session.error', sessionId })).statusCode).toBe(200);
    expect((await rowOf(sessionId))?.status).toBe('ERROR');
    expect(await stateOf(player)).toBe('NONE');
  });

  it('answers 404 for an unknown session and 400 for a signed body that is no event', async () => {
    const unknown = await webhook({
      type: 'session.canceled',
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await webhook('not json')).statusCode).toBe(400);
    const wrongType = await webhook({
      type: 'session.exploded',
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('the sandbox page', () => {
  it("serves the owner's page with same-origin script and styles only", async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const page = await player.b.get(`/kyc-sandbox/${sessionId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`data-session-id="${sessionId}"`);
    expect(page.body).toContain('data-target-origin="http://platform.test"');
    expect(page.body).toContain('Upload document');
    // Every script is an external file (the CSP allows no inline script).
    expect(
      [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].every(
        ([, attrs, inner]) => /src="/.test(attrs ?? '') && inner === '',
      ),
    ).toBe(true);

    const script = await player.b.get('/kyc-sandbox/assets/sandbox.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('postMessage');
    expect((await player.b.get('/kyc-sandbox/assets/sandbox.css')).headers['content-type']).toMatch(
      /^text\/css/,
    );
    expect((await player.b.get('/kyc-sandbox/assets/other.js')).statusCode).toBe(404);
  });

  it('asks a signed-out visitor to sign in, and answers 404 for an unknown session', async () => {
    const player = await signedInPlayer(ctx);
    const { sessionId } = await startSession(player.b);
    const signedOut = await browser(ctx.app, PLATFORM_HOST).get(`/kyc-sandbox/${sessionId}`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).toContain('Please sign in');
    expect(signedOut.body).not.toContain(sessionId);
    expect((await player.b.get('/kyc-sandbox/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await player.b.get('/kyc-sandbox/not-a-uuid')).statusCode).toBe(404);
  });
});
