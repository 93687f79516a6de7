import { staffAuthMessages } from '@paws/contracts/staff-auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSignInChallenges } from '../../src/modules/staff/schema.ts';
import { backOfficeInject, STAFF_API, STAFF_PASSWORD, staffSession, totpOf } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Five wrong codes per sign-in challenge, however they arrive: the try is counted before a code is checked,
 * in one statement, so 60 codes sent at once get five checks between them (on PostgreSQL with
 * DATABASE_URL set, they really run side by side).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // 60 codes at once from one test IP: the per-IP limit is not what this holds.
  t = await createTestApp({ RATE_LIMIT_IP_SCALE: '100' });
}, 120_000);
afterAll(() => t.close());

const PARALLEL = 60;
const LIMIT = 5;
const post = (url: string, payload: object) =>
  backOfficeInject(t.app, { method: 'POST', url: `${STAFF_API}${url}`, payload });
const attemptsOf = async (challengeId: string) => {
  const [row] = await t.app.database.db
    .select({ attempts: staffSignInChallenges.attempts })
    .from(staffSignInChallenges)
    .where(eq(staffSignInChallenges.id, challengeId));
  return row!.attempts;
};

/** Sends `codes` at once; answers how many were checked (the challenge's count of tries) and the answers. */
async function race(challengeId: string, codes: string[]) {
  const answers = await Promise.all(codes.map((code) => post('/auth/verify', { challengeId, code })));
  const messages = answers.map((answer) => {
    expect(answer.statusCode).toBe(401);
    return answer.json().message as string;
  });
  return { checked: await attemptsOf(challengeId), messages };
}

function expectLocked({ checked, messages }: { checked: number; messages: string[] }) {
  expect(checked).toBe(LIMIT);
  const wrong = messages.filter((message) => message === staffAuthMessages.wrongCode).length;
  const tooMany = messages.filter((message) => message === staffAuthMessages.tooManyCodes).length;
  // Four checked codes answer 'not valid', the fifth and every one after it 'too many'.
  expect(wrong).toBe(LIMIT - 1);
  expect(tooMany).toBe(PARALLEL - (LIMIT - 1));
}

describe('the five-codes limit of a staff sign-in challenge, in parallel', () => {
  it(`checks at most ${LIMIT} of ${PARALLEL} wrong TOTP codes sent at once, then refuses the right one`, async () => {
    const staff = await staffSession(t.app, ['support']);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const challengeId = login.json().challengeId as string;
    const result = await race(
      challengeId,
      Array.from({ length: PARALLEL }, () => '000000'),
    );
    console.info(`staff TOTP: ${result.checked} of ${PARALLEL} parallel wrong codes checked`);
    expectLocked(result);

    const right = await post('/auth/verify', {
      challengeId,
      code: await totpOf(staff.secret, Date.now() + 30_000),
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ field: 'code', message: staffAuthMessages.tooManyCodes });
    expect(await attemptsOf(challengeId)).toBe(LIMIT);
  });

  it('holds for wrong recovery codes too', async () => {
    const staff = await staffSession(t.app, ['finance']);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const challengeId = login.json().challengeId as string;
    const result = await race(
      challengeId,
      Array.from({ length: PARALLEL }, (_, i) => `AAAAA-${String(i).padStart(5, '0')}`),
    );
    expectLocked(result);
    const right = await post('/auth/verify', { challengeId, code: staff.recoveryCodes[0]! });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(staffAuthMessages.tooManyCodes);
  });

  it('holds for the enrolment step (the first sign-in) too', async () => {
    const staff = await staffSession(t.app, ['content']);
    // A member whose factor was reset enrols again at the next sign-in.
    const admin = await staffSession(t.app, ['admin']);
    const reset = await admin.inject({
      method: 'DELETE',
      url: `${STAFF_API}/members/${staff.userId}/second-factor`,
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    expect(login.json().step).toBe('enrol');
    const { challengeId, enrolment } = login.json() as { challengeId: string; enrolment: { secret: string } };
    const result = await race(
      challengeId,
      Array.from({ length: PARALLEL }, () => '000000'),
    );
    expectLocked(result);
    const right = await post('/auth/verify', { challengeId, code: await totpOf(enrolment.secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(staffAuthMessages.tooManyCodes);
  });

  it('still signs in with a right code among wrong ones under the limit', async () => {
    const staff = await staffSession(t.app, ['support']);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const challengeId = login.json().challengeId as string;
    for (let i = 0; i < LIMIT - 1; i++) {
      const wrong = await post('/auth/verify', { challengeId, code: '000000' });
      expect(wrong.json().message).toBe(staffAuthMessages.wrongCode);
    }
    const right = await post('/auth/verify', {
      challengeId,
      code: await totpOf(staff.secret, Date.now() + 30_000),
    });
    expect(right.statusCode).toBe(201);
  });
});
