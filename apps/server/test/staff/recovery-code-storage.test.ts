import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRecoveryCode } from '../../src/lib/recovery-codes.ts';
import { newRecoveryCode, recoveryCodeCanonical } from '../../src/lib/totp.ts';
import { createSecrets } from '../../src/modules/identity/crypto.ts';
import { playerRecoveryCodes } from '../../src/modules/identity/schema.ts';
import { createStaffCrypto } from '../../src/modules/staff/auth/crypto.ts';
import { staffRecoveryCodes } from '../../src/modules/staff/schema.ts';
import { BACKOFFICE, backOfficeInject, STAFF_API, STAFF_PASSWORD, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  signUpByEmail,
  tokenOf,
  userData,
} from '../identity/helpers.ts';

/**
 * ASVS 5.0 V6.5.2: recovery codes (50 bits) are stored as argon2id with a per-code salt, for players and
 * staff alike; codes stored before as keyed HMACs keep working until used or replaced.
 */
let t: IdentityTestApp;
beforeAll(async () => {
  t = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
});
afterAll(() => t.close());

const TWO_STEP = `${ID}/profile/two-step`;
const db = () => t.app.database.db;

async function playerWithTwoStep() {
  const b = browser(t.app);
  const { email } = await signUpByEmail(t.app, b);
  const { secret } = (await b.post(`${TWO_STEP}/enrolment`)).json();
  const confirm = await b.post(`${TWO_STEP}/confirm`, {
    code: await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
  });
  expect(confirm.statusCode, confirm.body).toBe(201);
  const userId = (await userData(b)).json().user.userId as string;
  return { b, email, userId, codes: confirm.json().recoveryCodes as string[] };
}

/** Password and e-mailed link from a new browser, then the second step with `code`. */
async function signInWith(email: string, code: string) {
  // A new sign-in link goes out once a minute.
  t.clock.advance(61_000);
  const b = browser(t.app);
  const login = await b.post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  expect(login.statusCode, login.body).toBe(201);
  const verify = await b.post(`${ID}/auth/login/verify`, { token: tokenOf(await lastLinkTo(t.app, email)) });
  expect(verify.statusCode, verify.body).toBe(403);
  return b.post(`${ID}/auth/login/two-step`, { pendingSignIn: verify.json().pendingSignIn, code });
}

describe('players’ recovery codes', () => {
  it('are stored as argon2id with their own salt, never as the code or a keyed hash, and work once', async () => {
    const player = await playerWithTwoStep();
    const rows = await db()
      .select()
      .from(playerRecoveryCodes)
      .where(eq(playerRecoveryCodes.userId, player.userId));
    expect(rows).toHaveLength(10);
    const salts = new Set<string>();
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[^$]{22,}\$[^$]+$/);
      salts.add(row.codeHash.split('$')[4]!);
      for (const code of player.codes) expect(row.codeHash).not.toContain(recoveryCodeCanonical(code));
    }
    expect(salts.size).toBe(10);

    const code = player.codes[3]!;
    // Any case, without the dash.
    const first = await signInWith(player.email, recoveryCodeCanonical(code).toLowerCase());
    expect(first.statusCode, first.body).toBe(201);
    expect((await player.b.get(TWO_STEP)).json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    const again = await signInWith(player.email, code);
    expect(again.statusCode).toBe(400);
  });

  it('a code stored before (keyed HMAC) keeps working once; a code of another account does not', async () => {
    const player = await playerWithTwoStep();
    const other = await playerWithTwoStep();
    const legacy = newRecoveryCode();
    const secrets = createSecrets(t.env.SECRET);
    await db()
      .insert(playerRecoveryCodes)
      .values({ userId: player.userId, codeHash: secrets.hash(`recovery:${recoveryCodeCanonical(legacy)}`) });
    expect((await signInWith(player.email, other.codes[0]!)).statusCode).toBe(400);
    expect((await signInWith(player.email, legacy)).statusCode).toBe(201);
    expect((await signInWith(player.email, legacy)).statusCode).toBe(400);
  });
});

describe('staff recovery codes', () => {
  const verifyWith = async (email: string, code: string) => {
    const login = await backOfficeInject(t.app, {
      method: 'POST',
      url: `${STAFF_API}/auth/login`,
      payload: { email, password: STAFF_PASSWORD },
    });
    return backOfficeInject(t.app, {
      method: 'POST',
      url: `${STAFF_API}/auth/verify`,
      payload: { challengeId: login.json().challengeId, code },
    });
  };

  it('are stored as argon2id, work once, and a code stored before as a keyed HMAC keeps working once', async () => {
    const staff = await staffSession(t.app, ['support']);
    const rows = await db()
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.userId, staff.userId));
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect((await verifyWith(staff.email, staff.recoveryCodes[0]!)).statusCode).toBe(201);
    expect((await verifyWith(staff.email, staff.recoveryCodes[0]!)).statusCode).toBe(401);

    const legacy = newRecoveryCode();
    await db()
      .insert(staffRecoveryCodes)
      .values({ userId: staff.userId, codeHash: createStaffCrypto(t.env.SECRET).hashRecoveryCode(legacy) });
    expect((await verifyWith(staff.email, legacy)).statusCode).toBe(201);
    expect((await verifyWith(staff.email, legacy)).statusCode).toBe(401);
  });
});

describe('matching a code', () => {
  it('spends no hash on a code without a recovery code’s shape, and finds the row among mixed schemes', async () => {
    const legacyHash = (code: string) => `legacy:${recoveryCodeCanonical(code)}`;
    const { hashRecoveryCode } = await import('../../src/lib/recovery-codes.ts');
    const a = newRecoveryCode();
    const b = newRecoveryCode();
    const rows = [
      { id: 'a', codeHash: await hashRecoveryCode(a) },
      { id: 'b', codeHash: legacyHash(b) },
    ];
    expect(await matchRecoveryCode(rows, a, legacyHash)).toBe('a');
    expect(await matchRecoveryCode(rows, b.toLowerCase(), legacyHash)).toBe('b');
    expect(await matchRecoveryCode(rows, newRecoveryCode(), legacyHash)).toBeUndefined();
    expect(await matchRecoveryCode(rows, '123456', legacyHash)).toBeUndefined();
    expect(await matchRecoveryCode(rows, 'AAAAA-AAAA0', legacyHash)).toBeUndefined();
  });
});
