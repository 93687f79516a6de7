import type { StaffTimelineEntry, StaffTimelinePage } from '@paws/contracts/staff-timeline';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import { createIdentityTestApp, ID, type IdentityTestApp } from '../identity/helpers.ts';
import { passkeyKit } from '../identity/passkey-helpers.ts';

const PLAYERS = '/api/staff/players';
let ctx: IdentityTestApp;
let support: StaffSession;
let admin: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, admin] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['admin']),
  ]);
}, 60_000);
afterAll(() => ctx?.close());

const post = (staff: StaffSession, url: string, payload: object) =>
  staff.inject({ method: 'POST', url, payload });

async function timeline(userId: string, query: string): Promise<StaffTimelinePage> {
  const res = await support.inject({ method: 'GET', url: `${PLAYERS}/${userId}/timeline?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Two-step on, a removal asked and rejected, asked again and approved; a passkey added, then blocked. */
async function playerWithSecurityStory() {
  const kit = passkeyKit(ctx);
  const { b, userId, device } = await kit.player();
  const { secret } = (await b.post(`${ID}/profile/two-step/enrolment`)).json();
  const code = await generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });
  expect((await b.post(`${ID}/profile/two-step/confirm`, { code })).statusCode).toBe(201);
  const step = () => ctx.clock.advance(1_000);
  step();
  const removals = `${PLAYERS}/${userId}/factor-removals`;
  const first = (await post(support, removals, { factor: 'totp', reason: 'Lost phone' })).json();
  step();
  expect(
    (await post(admin, `/api/staff/factor-removals/${first.id}/reject`, { reason: 'Failed the checks' }))
      .statusCode,
  ).toBe(200);
  step();
  const second = (await post(support, removals, { factor: 'totp', reason: 'Lost phone, ID checked' })).json();
  step();
  expect(
    (await post(admin, `/api/staff/factor-removals/${second.id}/approve`, { reason: 'Call recording heard' }))
      .statusCode,
  ).toBe(200);
  step();
  expect((await kit.addPasskey(b, device, 'Work laptop')).statusCode).toBe(201);
  step();
  expect((await kit.signInWith(device, { counter: 5 })).res.statusCode).toBe(201);
  expect((await kit.signInWith(device, { counter: 5 })).res.statusCode).toBe(401);
  return { userId };
}

const line = (e: StaffTimelineEntry) => [e.kind, e.title, e.detail];

describe("sign-in security on the player's timeline", () => {
  it('tells factor removals (who asked, who decided, why) and passkeys added and blocked, newest first', async () => {
    const { userId } = await playerWithSecurityStory();
    const page = await timeline(userId, 'kinds=security');
    const app = 'Two-step sign-in (authenticator app)';
    expect(page.items.map(line)).toEqual([
      [
        'security',
        'Passkey blocked as a possible copy: Work laptop',
        'Its signature counter did not go up; it signs nobody in until the player removes it',
      ],
      ['security', 'Passkey added: Work laptop', null],
      [
        'security',
        `${app} removal approved by ${admin.email} (requested by ${support.email})`,
        'Call recording heard',
      ],
      ['security', `${app} removal requested by ${support.email}`, 'Lost phone, ID checked'],
      [
        'security',
        `${app} removal rejected by ${admin.email} (requested by ${support.email})`,
        'Failed the checks',
      ],
      ['security', `${app} removal requested by ${support.email}`, 'Lost phone'],
    ]);
    expect(page.items[2]!.link).toBe(`/players/${userId}?tab=security`);
    expect(page.nextBefore).toBeNull();
    // The whole story (everything) holds them among the sign-ins and staff actions.
    const all = await timeline(userId, 'limit=100');
    expect(all.items.filter((e) => e.kind === 'security').map((e) => e.id)).toEqual(
      page.items.map((e) => e.id),
    );
    expect(all.items.filter((e) => e.kind === 'sign-in').map((e) => e.title)).toContain(
      'Sign-in refused (passkey copied)',
    );
  });

  it('pages through them a few at a time without repeating or losing one', async () => {
    const { userId } = await playerWithSecurityStory();
    const whole = (await timeline(userId, 'kinds=security')).items.map((e) => e.id);
    const seen: string[] = [];
    let before: string | null = '';
    while (before !== null) {
      const page: StaffTimelinePage = await timeline(
        userId,
        `kinds=security&limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`,
      );
      seen.push(...page.items.map((e) => e.id));
      before = page.nextBefore;
    }
    expect(seen).toEqual(whole);
    expect(whole).toHaveLength(6);
  });
});
