import { randomUUID } from 'node:crypto';
import type { Notification } from '@paws/contracts/notifications';
import type { StaffPage } from '@paws/contracts/staff-lists';
import type { StaffVerification } from '@paws/contracts/staff-money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { verificationSessions } from '../../src/modules/kyc/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { type Browser, createIdentityTestApp, type IdentityTestApp, userData } from '../identity/helpers.ts';
import { decide, files, startSession, uploadDocument } from '../kyc/helpers.ts';
import { eventually, signedInPlayer } from '../payments/helpers.ts';

const API = '/api/staff/verifications';
let ctx: IdentityTestApp;
let finance: StaffSession;
let finance2: StaffSession;
let support: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [finance, finance2, support] = await Promise.all([
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['support']),
  ]);
});
afterAll(() => ctx?.close());

const db = () => ctx.app.database.db;
const verificationOf = async (b: Browser) =>
  ((await userData(b)).json() as { user: { verificationType: string } }).user.verificationType;
const systemNotices = async (b: Browser) =>
  (
    (await b.get('/api/notifications/notifications?category=SYSTEM')).json() as {
      notifications: Notification[];
    }
  ).notifications.map((n) => n.notificationMessage);
const auditOf = (id: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'verification'), eq(auditLog.targetId, id)));

/** A player who handed a document in and left the provider's page: PENDING, in the queue. */
async function handedIn(document: Parameters<typeof uploadDocument>[2] = {}) {
  const { b, userId } = await signedInPlayer(ctx);
  const { sessionId } = await startSession(b);
  const upload = await uploadDocument(b, sessionId, document);
  expect(upload.statusCode, upload.body).toBe(201);
  expect(await verificationOf(b)).toBe('PENDING');
  return { b, userId, sessionId };
}

const approve = (staff: StaffSession, id: string) =>
  staff.inject({ method: 'POST', url: `${API}/${id}/approve` });
const decline = (staff: StaffSession, id: string, reason: unknown = 'The photo is blurred') =>
  staff.inject({ method: 'POST', url: `${API}/${id}/decline`, payload: { reason } });

describe('the queue', () => {
  it('lists handed-in documents waiting for review, with the player and the document; CSV too', async () => {
    const { userId, sessionId } = await handedIn();
    // A session opened but never handed in is not in the queue.
    const { b: idle } = await signedInPlayer(ctx);
    await startSession(idle);

    const res = await finance.inject({ method: 'GET', url: `${API}?playerId=${userId}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as StaffPage<StaffVerification>;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: sessionId,
      player: { id: userId },
      provider: 'sandbox',
      state: 'PENDING',
      document: {
        name: 'passport.png',
        type: 'image/png',
        size: files.png.length,
        url: `${API}/${sessionId}/document`,
      },
      reviewedBy: null,
      reason: null,
    });
    const all = (
      await finance.inject({ method: 'GET', url: `${API}?limit=100` })
    ).json() as StaffPage<StaffVerification>;
    expect(all.items.every((v) => v.state === 'PENDING')).toBe(true);

    const csv = await finance.inject({ method: 'GET', url: `${API}?playerId=${userId}&format=csv` });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain(sessionId);
  });

  it('serves the document to staff with verifications.review only, never cached, never run', async () => {
    const { b, sessionId } = await handedIn();
    const res = await finance.inject({ method: 'GET', url: `${API}/${sessionId}/document` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(files.png)).toBe(true);

    expect((await support.inject({ method: 'GET', url: `${API}/${sessionId}/document` })).statusCode).toBe(
      403,
    );
    // The player's own cookie gets nothing from the back-office API.
    expect((await b.get(`${API}/${sessionId}/document`)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await finance.inject({ method: 'GET', url: `${API}/${randomUUID()}/document` })).statusCode).toBe(
      404,
    );

    const pdf = await handedIn({ filename: 'id.pdf', contentType: 'application/pdf', data: files.pdf });
    const download = await finance.inject({ method: 'GET', url: `${API}/${pdf.sessionId}/document` });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="id.pdf"');
  });

  it('names the field of bad input and answers 404 for an unknown verification', async () => {
    const { sessionId } = await handedIn();
    for (const payload of [{}, { reason: '' }, { reason: '  ' }, { reason: 'x'.repeat(501) }]) {
      const res = await finance.inject({ method: 'POST', url: `${API}/${sessionId}/decline`, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('reason');
    }
    const bad = await finance.inject({ method: 'GET', url: `${API}?state=MAYBE` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('state');
    expect((await approve(finance, 'nope')).json().field).toBe('id');
    expect((await approve(finance, randomUUID())).statusCode).toBe(404);
    expect((await approve(support, sessionId)).statusCode).toBe(403);
  });
});

describe('decisions', () => {
  it('approve: the player is APPROVED and told; audited; a repeat changes nothing; others get 409', async () => {
    const { b, sessionId } = await handedIn();
    const res = await approve(finance, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'APPROVED', reviewedBy: { id: finance.userId } });
    expect(await verificationOf(b)).toBe('APPROVED');
    await eventually(async () =>
      expect(await systemNotices(b)).toContain('Your identity is verified. Thank you!'),
    );
    expect(await auditOf(sessionId)).toEqual([
      expect.objectContaining({
        action: 'verification.approve',
        actorId: finance.userId,
        before: expect.objectContaining({ status: 'STARTED', result: null }),
        after: expect.objectContaining({ status: 'FINISHED', result: 'APPROVED' }),
      }),
    ]);
    expect((await approve(finance, sessionId)).statusCode).toBe(200);
    expect(await auditOf(sessionId)).toHaveLength(1);
    expect((await decline(finance2, sessionId)).statusCode).toBe(409);
    // The provider's page can no longer decide it either.
    expect((await decide(b, sessionId, 'DECLINE')).statusCode).toBe(409);
    expect(await verificationOf(b)).toBe('APPROVED');
  });

  it('decline: the player is DECLINED, told the reason, and may start again', async () => {
    const { b, sessionId } = await handedIn();
    const res = await decline(finance, sessionId, 'The photo is blurred');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'DECLINED', reason: 'The photo is blurred' });
    expect(await verificationOf(b)).toBe('DECLINED');
    await eventually(async () =>
      expect(await systemNotices(b)).toContain(
        'We could not verify your identity (The photo is blurred). Please check your document and try again.',
      ),
    );
    expect((await auditOf(sessionId))[0]).toMatchObject({
      action: 'verification.decline',
      after: expect.objectContaining({ result: 'DECLINED', reason: 'The photo is blurred' }),
    });
    expect((await approve(finance2, sessionId)).statusCode).toBe(409);
    // The player starts again; the new session joins the queue.
    const again = await startSession(b);
    expect(again.sessionId).not.toBe(sessionId);
  });

  it('a session the player has not handed in cannot be decided; the sandbox still decides on its own', async () => {
    const { b } = await signedInPlayer(ctx);
    const { sessionId } = await startSession(b);
    const early = await approve(finance, sessionId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The player has not handed in a document for this verification yet');
    // The demo path: the player approves themselves on the sandbox page, as before.
    expect((await uploadDocument(b, sessionId)).statusCode).toBe(201);
    expect((await decide(b, sessionId, 'APPROVE')).statusCode).toBe(201);
    expect(await verificationOf(b)).toBe('APPROVED');
    const shown = (
      await finance.inject({ method: 'GET', url: `${API}/${sessionId}` })
    ).json() as StaffVerification;
    expect(shown).toMatchObject({ state: 'APPROVED', reviewedBy: null });
    expect((await decline(finance, sessionId)).statusCode).toBe(409);
  });

  it('two staff deciding at once: one wins, the other gets 409', async () => {
    const { b, sessionId } = await handedIn();
    const [a, c] = await Promise.all([approve(finance, sessionId), decline(finance2, sessionId)]);
    expect([a.statusCode, c.statusCode].sort()).toEqual([200, 409]);
    expect(await verificationOf(b)).toBe(a.statusCode === 200 ? 'APPROVED' : 'DECLINED');
    expect(await auditOf(sessionId)).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(verificationSessions)
      .where(eq(verificationSessions.id, sessionId));
    expect(row?.status).toBe('FINISHED');
  });
});
