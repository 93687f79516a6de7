import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { staffListMessages } from '@paws/contracts/staff-lists';
import {
  type PlayerBet,
  type PlayerListItem,
  type PlayerNote,
  staffPlayerMessages,
} from '@paws/contracts/staff-players';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { bonusRules, userBonuses } from '../../src/modules/bonuses/schema.ts';
import { users } from '../../src/modules/identity/schema.ts';
import { verificationSessions } from '../../src/modules/kyc/schema.ts';
import { BACKOFFICE, backOfficeInject, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  PLATFORM_HOST,
  signUpByEmail,
} from '../identity/helpers.ts';
import { deposit } from '../payments/helpers.ts';
import { playerSession } from '../studio/api-helpers.ts';

const API = '/api/staff/players';
let ctx: IdentityTestApp;
let support: StaffSession;
let content: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, content] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['content']),
  ]);
});
afterAll(() => ctx?.close());

const get = (url: string, staff: StaffSession = support) => staff.inject({ method: 'GET', url });
const digits = () => String(Math.floor(Math.random() * 1e9)).padStart(9, '0');

/** Accounts written straight to the table, their e-mails, phones and usernames sharing `tag`. */
async function accounts(tag: string, names: string[]) {
  const rows = await ctx.app.database.db
    .insert(users)
    .values(
      names.map((name, i) => ({
        email: `${tag}-${name}@search.test`,
        phone: `+44${digits()}${i}`,
        username: `${name}${tag.slice(0, 4)}`,
        passwordHash: 'x',
      })),
    )
    .returning();
  return rows;
}

describe('searching players', () => {
  it('finds a player by id, e-mail, phone or username, in any case', async () => {
    const tag = randomUUID().slice(0, 8);
    const [ann, bob] = await accounts(tag, ['ann', 'bob']);
    const search = async (q: string) => {
      const res = await get(`${API}?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: PlayerListItem[]; total: number };
    };
    expect((await search(ann!.id)).items.map((p) => p.id)).toEqual([ann!.id]);
    expect((await search(`${tag}-ANN@`)).items.map((p) => p.id)).toEqual([ann!.id]);
    // The phone as typed by staff: without the +, or with spaces.
    expect((await search(bob!.phone!.slice(1))).items.map((p) => p.id)).toEqual([bob!.id]);
    expect(
      (await search(`${bob!.phone!.slice(0, 3)} ${bob!.phone!.slice(3)}`)).items.map((p) => p.id),
    ).toEqual([bob!.id]);
    expect((await search(bob!.username!.toUpperCase())).items.map((p) => p.id)).toEqual([bob!.id]);
    const both = await search(tag);
    expect(both.total).toBe(2);
    expect(both.items[0]).toMatchObject({ email: expect.any(String), banned: false, role: 'player' });
    // LIKE wildcards are taken literally.
    expect((await search('%')).total).toBe(0);
    // Staff accounts are not players (issue 30 point 17).
    const staff = await staffSession(ctx.app, ['finance']);
    expect((await search(staff.userId)).total).toBe(0);
  });

  it('pages and sorts on the server, and exports CSV', async () => {
    const tag = randomUUID().slice(0, 8);
    await accounts(tag, ['carl', 'alma', 'beth']);
    const page = async (query: string) => (await get(`${API}?q=${tag}&${query}`)).json();
    const first = await page('sort=email&order=asc&limit=2&page=1');
    expect(first.total).toBe(3);
    expect(first.items.map((p: PlayerListItem) => p.email)).toEqual([
      `${tag}-alma@search.test`,
      `${tag}-beth@search.test`,
    ]);
    const second = await page('sort=email&order=asc&limit=2&page=2');
    expect(second.items.map((p: PlayerListItem) => p.email)).toEqual([`${tag}-carl@search.test`]);
    const byName = await page('sort=username&order=desc');
    expect(byName.items.map((p: PlayerListItem) => p.username?.slice(0, 4))).toEqual([
      'carl',
      'beth',
      'alma',
    ]);
    const newest = await page('sort=createdAt&order=desc&limit=1');
    expect(newest.items).toHaveLength(1);

    const csv = await get(`${API}?q=${tag}&sort=email&order=asc&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="players.csv"');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,email,phone,username,role,verificationType,banned,createdAt');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      `${tag}-alma@search.test`,
      `${tag}-beth@search.test`,
      `${tag}-carl@search.test`,
    ]);
  });

  it('names the field of bad search input', async () => {
    const cases: Array<[string, string, string]> = [
      [`q=${'x'.repeat(101)}`, 'q', staffPlayerMessages.q],
      ['sort=phone', 'sort', 'sort must be one of createdAt, email, username'],
      ['order=up', 'order', staffListMessages.order],
      ['page=0', 'page', staffListMessages.page],
      ['limit=101', 'limit', staffListMessages.limit],
      ['format=xml', 'format', staffListMessages.format],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`${API}?${query}`);
      expect([res.statusCode, res.json()], query).toEqual([400, { statusCode: 400, field, message }]);
    }
  });

  it('is for staff who may read players', async () => {
    expect((await get(API, content)).statusCode).toBe(403);
  });
});

describe('the player page', () => {
  it('answers 404 for an unknown player and 400 naming the id for a malformed one', async () => {
    const unknown = randomUUID();
    for (const section of [
      '',
      '/ledger',
      '/bets',
      '/payments',
      '/bonuses',
      '/verifications',
      '/sessions',
      '/sign-ins',
      '/notes',
    ]) {
      const res = await get(`${API}/${unknown}${section}`);
      expect([res.statusCode, res.json()], section).toEqual([
        404,
        { statusCode: 404, message: staffPlayerMessages.notFound },
      ]);
    }
    const bad = await get(`${API}/12345`);
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { statusCode: 400, field: 'id', message: staffPlayerMessages.id },
    ]);
  });

  it('shows the profile, balances, ledger, payments and sign-in history of a player', async () => {
    const b = browser(ctx.app, PLATFORM_HOST);
    const { email } = await signUpByEmail(ctx.app, b);
    const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
    const id = user!.id;
    await deposit(b, 50);
    // A wrong password at the log-in step is in the history too.
    const wrong = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/login`, {
      email,
      password: 'Wrong#Pass1',
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(wrong.statusCode).toBe(401);

    const profile = (await get(`${API}/${id}`)).json();
    expect(profile).toMatchObject({
      id,
      email,
      ban: null,
      bans: [],
      staffRoles: [],
      lastSignInAt: expect.any(String),
      twoStepOn: false,
      passkeyCount: 0,
    });
    expect(profile.balances).toContainEqual({ currencyCode: 'USD', amount: 50 });

    const ledger = (await get(`${API}/${id}/ledger?currency=USD`)).json();
    expect(ledger.items).toContainEqual(
      expect.objectContaining({ kind: 'DEPOSIT', currencyCode: 'USD', amount: 50, balanceAfter: 50 }),
    );
    const none = (await get(`${API}/${id}/ledger?currency=USD&dateTo=2000-01-01`)).json();
    expect(none).toEqual({ items: [], total: 0 });

    const payments = (await get(`${API}/${id}/payments?type=DEPOSIT`)).json();
    expect(payments).toMatchObject({
      total: 1,
      items: [{ type: 'DEPOSIT', status: 'COMPLETED', amount: 50 }],
    });
    expect((await get(`${API}/${id}/payments?type=WITHDRAW`)).json().total).toBe(0);

    const signIns = (await get(`${API}/${id}/sign-ins`)).json();
    expect(signIns.items).toEqual([
      expect.objectContaining({ success: false, failure: 'wrong_password' }),
      expect.objectContaining({ success: true, failure: null, newDevice: true }),
    ]);
    const sessions = (await get(`${API}/${id}/sessions`)).json();
    expect(sessions).toMatchObject({ total: 1, items: [{ active: true, newDevice: false }] });

    const csv = await get(`${API}/${id}/ledger?format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toBe(
      'createdAt,transactionId,kind,reference,currency,amount,balanceAfter',
    );

    const bad = await get(`${API}/${id}/ledger?currency=EUR`);
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'currency']);
    const badDate = await get(`${API}/${id}/payments?dateFrom=yesterday`);
    expect([badDate.statusCode, badDate.json().field]).toEqual([400, 'dateFrom']);
    const badSuccess = await get(`${API}/${id}/sign-ins?success=maybe`);
    expect([badSuccess.statusCode, badSuccess.json().field]).toEqual([400, 'success']);
  });

  it("lists the player's rounds with stake, win and a link to the studio's fairness check", async () => {
    const p = await playerSession(ctx.app, 'loto');
    const played = await p.call('POST', '/loto/play', { picks: [1, 2, 3, 4, 5], amount: 2 });
    expect(played.statusCode, played.body).toBe(201);
    const round = played.json().round;

    const res = await get(`${API}/${p.userId}/bets`);
    expect(res.statusCode, res.body).toBe(200);
    const [bet] = res.json().items as PlayerBet[];
    expect(bet).toMatchObject({
      roundId: round.id,
      providerCode: 'paws-studio',
      gameCode: 'loto',
      currencyCode: 'USD',
      stake: 2,
      win: round.payout,
      rolledBack: false,
      seedRevealed: false,
    });
    const url = new URL(bet!.verifyUrl!);
    expect(`${url.origin}${url.pathname}`).toBe('http://platform.test/studio/verify.html');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      game: 'loto',
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      serverSeedHash: round.serverSeedHash,
    });
    // The server seed is still in use: it stays secret, from staff too.
    expect(url.searchParams.has('serverSeed')).toBe(false);
    expect(JSON.parse(new URLSearchParams(url.hash.slice(1)).get('round') ?? '')).toMatchObject({
      id: round.id,
      stake: 2,
    });
  });

  it('lists bonuses and verification documents, served only to staff and only from their own player', async () => {
    const tag = randomUUID().slice(0, 8);
    const [player, other] = await accounts(tag, ['dora', 'eric']);
    const [rule] = await ctx.app.database.db.select().from(bonusRules).limit(1);
    await ctx.app.database.db.insert(userBonuses).values({
      userId: player!.id,
      ruleId: rule!.id,
      periodKey: 'once',
      amountMinor: 1250,
      currency: 'BONUS_USD',
    });
    const bonuses = (await get(`${API}/${player!.id}/bonuses`)).json();
    expect(bonuses).toMatchObject({
      total: 1,
      items: [{ ruleName: rule!.name, amount: 12.5, currencyCode: 'BONUS_USD' }],
    });

    const sessionId = randomUUID();
    const key = `${player!.id}/${sessionId}.png`;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await mkdir(join(ctx.dataDir, 'kyc-documents', player!.id), { recursive: true });
    await writeFile(join(ctx.dataDir, 'kyc-documents', key), png);
    await ctx.app.database.db.insert(verificationSessions).values({
      id: sessionId,
      userId: player!.id,
      provider: 'sandbox',
      submittedAt: new Date(),
      documentPath: key,
      documentName: 'passport.png',
      documentType: 'image/png',
      documentSize: png.length,
    });
    const list = (await get(`${API}/${player!.id}/verifications`)).json();
    const url = `${API}/${player!.id}/verifications/${sessionId}/document`;
    expect(list).toMatchObject({
      total: 1,
      items: [
        { id: sessionId, status: 'STARTED', document: { name: 'passport.png', type: 'image/png', url } },
      ],
    });
    const finance = await staffSession(ctx.app, ['finance']);
    // Documents are verifications.review (finance, admin), not players.read: support sees the list only.
    expect((await get(url)).statusCode).toBe(403);
    const file = await get(url, finance);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(png)).toBe(true);
    // Not through another player's page, nor for anyone but staff.
    expect((await get(`${API}/${other!.id}/verifications/${sessionId}/document`, finance)).statusCode).toBe(
      404,
    );
    expect((await get(url, content)).statusCode).toBe(403);
    expect((await backOfficeInject(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('staff notes', () => {
  it('adds notes (audited) and lists them newest first with their author', async () => {
    const [player] = await accounts(randomUUID().slice(0, 8), ['fred']);
    const url = `${API}/${player!.id}/notes`;
    for (const body of ['Called about a late payout', '  Asked for a limit  ']) {
      const res = await support.inject({ method: 'POST', url, payload: { body } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await get(url)).json();
    expect(list.total).toBe(2);
    expect(list.items.map((n: PlayerNote) => n.body)).toEqual([
      'Asked for a limit',
      'Called about a late payout',
    ]);
    expect(list.items[0]).toMatchObject({ authorId: support.userId, authorEmail: support.email });

    const audit = await ctx.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, player!.id), eq(auditLog.action, 'players.note')));
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ actorId: support.userId, targetType: 'user' });

    for (const body of ['', '   ', 'x'.repeat(2001), 42]) {
      const res = await support.inject({ method: 'POST', url, payload: { body } });
      expect([res.statusCode, res.json()], String(body)).toEqual([
        400,
        { statusCode: 400, field: 'body', message: staffPlayerMessages.body },
      ]);
    }
    const unknown = await support.inject({
      method: 'POST',
      url: `${API}/${randomUUID()}/notes`,
      payload: { body: 'Hi' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await content.inject({ method: 'POST', url, payload: { body: 'Hi' } })).statusCode).toBe(403);
  });
});
