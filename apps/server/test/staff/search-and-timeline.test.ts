import { randomUUID } from 'node:crypto';
import { type StaffSearchResult, staffSearchMessages } from '@paws/contracts/staff-search';
import { type StaffTimelinePage, staffTimelineMessages } from '@paws/contracts/staff-timeline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffPlayerNotes, users } from '../../src/modules/identity/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  type IdentityTestApp,
  PLATFORM_HOST,
  signUpByEmail,
} from '../identity/helpers.ts';
import { deposit } from '../payments/helpers.ts';
import { playerSession } from '../studio/api-helpers.ts';
import { createTicket } from '../tickets/helpers.ts';

const SEARCH = '/api/staff/search';
const PLAYERS = '/api/staff/players';
let ctx: IdentityTestApp;
let support: StaffSession;
let finance: StaffSession;
let content: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, finance, content] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['content']),
  ]);
});
afterAll(() => ctx?.close());

const get = (url: string, staff: StaffSession = support) => staff.inject({ method: 'GET', url });

async function newPlayer() {
  const b = browser(ctx.app, PLATFORM_HOST);
  const { email } = await signUpByEmail(ctx.app, b);
  const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, userId: user!.id };
}

async function search(q: string, staff: StaffSession = support) {
  const res = await get(`${SEARCH}?q=${encodeURIComponent(q)}`, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as StaffSearchResult;
}

describe('the global search', () => {
  it('finds a player, their ticket and their deposit, each for the staff who may open it', async () => {
    const { b, email, userId } = await newPlayer();
    const payment = await deposit(b, 20);
    const ticket = await createTicket(b, { email, message: `Where is my deposit ${randomUUID()}` });

    const byEmail = await search(email.toUpperCase());
    expect(byEmail.players.map((p) => p.id)).toEqual([userId]);
    expect(byEmail.tickets.map((t) => t.id)).toContain(ticket.id);

    const byTicket = await search(ticket.id);
    expect(byTicket.tickets).toEqual([
      expect.objectContaining({ id: ticket.id, requesterEmail: email, status: expect.any(String) }),
    ]);
    expect(byTicket.players).toEqual([]);

    const paymentId = payment.transaction.id;
    const byPayment = await search(paymentId);
    expect(byPayment.transactions).toContainEqual(
      expect.objectContaining({ id: paymentId, source: 'payment', kind: 'DEPOSIT', userId, amount: 20 }),
    );

    // Finance reads players and money but answers no tickets; content reads neither.
    const forFinance = await search(email, finance);
    expect(forFinance.players.map((p) => p.id)).toEqual([userId]);
    expect(forFinance.tickets).toEqual([]);
    expect(await search(email, content)).toEqual({ players: [], tickets: [], transactions: [] });
  });

  it('finds a ledger movement by its id, and nothing by part of an id', async () => {
    const { b, userId } = await newPlayer();
    await deposit(b, 5);
    const ledger = (await get(`${PLAYERS}/${userId}/ledger?currency=USD`)).json();
    const transactionId = ledger.items[0].transactionId as string;
    expect((await search(transactionId)).transactions).toContainEqual(
      expect.objectContaining({ id: transactionId, source: 'ledger', kind: 'DEPOSIT', userId, status: null }),
    );
    expect((await search(transactionId.slice(0, 8))).transactions).toEqual([]);
  });

  it('names q when it is too short or too long', async () => {
    for (const q of ['a', ' b ', 'x'.repeat(101)]) {
      const res = await get(`${SEARCH}?q=${encodeURIComponent(q)}`);
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { statusCode: 400, field: 'q', message: staffSearchMessages.q },
      ]);
    }
  });
});

describe("the player's timeline", () => {
  const timeline = async (userId: string, query = '', staff: StaffSession = support) => {
    const res = await get(`${PLAYERS}/${userId}/timeline${query ? `?${query}` : ''}`, staff);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StaffTimelinePage;
  };

  it('tells sign-ins, payments, tickets, notes and staff actions newest first, from every module', async () => {
    const { b, email, userId } = await newPlayer();
    await deposit(b, 30);
    await createTicket(b, { email, message: 'My bonus did not arrive' });
    const note = await support.inject({
      method: 'POST',
      url: `${PLAYERS}/${userId}/notes`,
      payload: { body: 'Called the player about the bonus' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const ban = await support.inject({
      method: 'POST',
      url: `${PLAYERS}/${userId}/ban`,
      payload: { reason: 'Chargeback under review', endsAt: null },
    });
    expect(ban.statusCode, ban.body).toBe(201);

    const page = await timeline(userId);
    const kinds = page.items.map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['sign-in', 'deposit', 'ticket', 'note', 'ban', 'staff-action']),
    );
    const at = page.items.map((e) => e.at);
    expect(at).toEqual([...at].sort().reverse());
    expect(page.items.find((e) => e.kind === 'deposit')).toMatchObject({
      title: 'Deposit $30.00 · COMPLETED',
      link: `/players/${userId}?tab=payments`,
    });
    expect(page.items.find((e) => e.kind === 'note')?.detail).toBe('Called the player about the bonus');
    expect(page.items.find((e) => e.kind === 'ban')?.detail).toBe('Chargeback under review');
    const actions = page.items.filter((e) => e.kind === 'staff-action').map((e) => e.title);
    expect(actions).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^players\.ban by staff-.*@staff\.test$/),
        expect.stringMatching(/^players\.note by staff-.*@staff\.test$/),
      ]),
    );
    expect(page.items.find((e) => e.kind === 'ticket')?.link).toMatch(/^\/tickets\/[0-9a-f-]{36}$/);
    expect(page.nextBefore).toBeNull();
  });

  it('never splits one instant between two pages', async () => {
    const { userId } = await newPlayer();
    const at = new Date('2024-01-01T10:00:00.000Z');
    // Three notes at the very same moment, between an older and a newer one: pages of two must cut there.
    const notes = [-60_000, 0, 0, 0, 60_000].map((offset, i) => ({
      userId,
      authorId: support.userId,
      body: `Note ${i}`,
      createdAt: new Date(at.getTime() + offset),
    }));
    await ctx.app.database.db.insert(staffPlayerNotes).values(notes);
    const whole = await timeline(userId, 'kinds=note');
    expect(whole.items).toHaveLength(5);
    const pages: string[][] = [];
    let before: string | null = '';
    while (before !== null) {
      const page: StaffTimelinePage = await timeline(
        userId,
        `kinds=note&limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      pages.push(page.items.map((e) => e.detail ?? ''));
      before = page.nextBefore;
    }
    expect(pages.flat().sort()).toEqual(notes.map((n) => n.body).sort());
    // The newer note alone, then the instant whole (three, over the page size), then the older one.
    expect(pages.map((p) => p.length)).toEqual([1, 3, 1]);
  });

  it('pages by time without repeating or losing an entry, and filters by kind', async () => {
    const { b, userId } = await newPlayer();
    for (const amount of [1, 2, 3]) await deposit(b, amount);
    // The bonuses these earn (a confirmed address, a first deposit) come from subscribers a moment later: the
    // timeline is read once it holds both, so no entry lands between the whole read and the pages.
    await vi.waitFor(
      async () => {
        const bonuses = (await timeline(userId, 'kinds=bonus')).items;
        expect(bonuses).toHaveLength(2);
      },
      { timeout: 15_000, interval: 100 },
    );
    const whole = await timeline(userId);
    const pages: string[] = [];
    let before: string | null = '';
    while (before !== null) {
      const page: StaffTimelinePage = await timeline(
        userId,
        `limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      pages.push(...page.items.map((e) => e.id));
      before = page.nextBefore;
    }
    expect(pages).toEqual(whole.items.map((e) => e.id));
    expect(new Set(pages).size).toBe(pages.length);

    const deposits = await timeline(userId, 'kinds=deposit');
    expect(deposits.items.map((e) => e.title)).toEqual([
      'Deposit $3.00 · COMPLETED',
      'Deposit $2.00 · COMPLETED',
      'Deposit $1.00 · COMPLETED',
    ]);
  });

  it("tells a day's bets in one line from the daily rollup", async () => {
    const p = await playerSession(ctx.app, 'loto');
    for (let i = 0; i < 2; i++) {
      const played = await p.call('POST', '/loto/play', { picks: [1, 2, 3, 4, 5], amount: 2 });
      expect(played.statusCode, played.body).toBe(201);
    }
    await ctx.app.reports.runRollups();
    const day = new Date().toISOString().slice(0, 10);
    const { items } = await timeline(p.userId, 'kinds=bets');
    expect(items).toEqual([
      expect.objectContaining({
        id: `bets:${day}:USD`,
        at: `${day}T23:59:59.999Z`,
        title: `2 bets on ${day} (UTC)`,
        detail: expect.stringMatching(/^Staked \$4\.00 · won \$[\d,.]+ · net [+-]\$[\d,.]+$/),
        link: `/players/${p.userId}?tab=bets`,
      }),
    ]);
  });

  it('names a bad before, limit or kind, refuses content staff and answers 404 for no such player', async () => {
    const { userId } = await newPlayer();
    for (const [query, field, message] of [
      ['before=yesterday', 'before', staffTimelineMessages.before],
      ['limit=0', 'limit', staffTimelineMessages.limit],
      ['kinds=deposit,spins', 'kinds', staffTimelineMessages.kinds],
    ] as const) {
      const res = await get(`${PLAYERS}/${userId}/timeline?${query}`);
      expect([res.statusCode, res.json()]).toEqual([400, { statusCode: 400, field, message }]);
    }
    expect((await get(`${PLAYERS}/${userId}/timeline`, content)).statusCode).toBe(403);
    expect((await get(`${PLAYERS}/${randomUUID()}/timeline`)).statusCode).toBe(404);
  });
});
