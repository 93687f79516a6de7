import { demoStaffAccounts, STAFF_API_PREFIX } from '@paws/contracts/staff';
import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import type { App } from '../../src/app.ts';
import { backOfficeInject, totpOf } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  type Browser,
  browser,
  ID,
  LANDING,
  lastLinkTo,
  PASSWORD,
  signUpByEmail,
  tokenOf,
  uniqueAddress,
} from '../identity/helpers.ts';

export const STAFF = STAFF_API_PREFIX;
export { demoStaffAccounts };

/** The real app with its demo data (the seeded staff accounts); every test request comes from one IP. */
export const createStaffTestApp = () => createTestApp({ RATE_LIMIT_IP_SCALE: '20' });
export type StaffTestApp = Awaited<ReturnType<typeof createStaffTestApp>>;

/** A browser signed in to an existing account by e-mail and password (the e-mailed link). */
export async function signIn(app: App, email: string, password: string): Promise<Browser> {
  const b = browser(app);
  const res = await b.post(`${ID}/auth/login`, { email, password, callbackUrl: `${LANDING}/callback/login` });
  if (res.statusCode !== 201) throw new Error(`login failed ${res.statusCode}: ${res.body}`);
  const verify = await b.post(`${ID}/auth/login/verify`, { token: tokenOf(await lastLinkTo(app, email)) });
  if (verify.statusCode !== 201) throw new Error(`login verify failed ${verify.statusCode}: ${verify.body}`);
  return b;
}

type StaffAccount = keyof typeof demoStaffAccounts;
type BackOfficeBrowser = Awaited<ReturnType<typeof backOfficeBrowser>>;
const staffSessions = new WeakMap<
  App,
  Map<StaffAccount, Promise<{ b: Browser; bo: BackOfficeBrowser; userId: string }>>
>();

/**
 * The same account signed in to the back office (password and TOTP through the service, enrolling at the
 * first time): requests from the back office's origin with its staff cookie.
 */
export async function backOfficeBrowser(app: App, email: string, password: string) {
  const login = await app.staffAuth.startSignIn(email, password);
  if (!login.enrolment) throw new Error(`${email} is enrolled already; sign in once per app`);
  const session = await app.staffAuth.finishSignIn(login.challengeId, await totpOf(login.enrolment.secret), {
    ip: '127.0.0.1',
  });
  const cookie = `${STAFF_SESSION_COOKIE}=${session.token}`;
  type Extra = { headers?: Record<string, string>; remoteAddress?: string };
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, extra: Extra = {}) =>
    backOfficeInject(app, {
      method,
      url,
      cookie,
      headers: extra.headers,
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string, extra?: Extra) => send('GET', url, undefined, extra),
    post: (url: string, payload?: unknown, extra?: Extra) => send('POST', url, payload ?? {}, extra),
    del: (url: string, extra?: Extra) => send('DELETE', url, undefined, extra),
  };
}

/**
 * A seeded staff account, signed in once per app (a second e-mailed link to one address within 60 s is
 * refused), with its user id.
 */
export function signedInStaff(app: App, account: StaffAccount) {
  const sessions = staffSessions.get(app) ?? new Map();
  staffSessions.set(app, sessions);
  let session = sessions.get(account);
  if (!session) {
    const { email, password } = demoStaffAccounts[account];
    session = signIn(app, email, password).then(async (b) => ({
      b,
      bo: await backOfficeBrowser(app, email, password),
      userId: await userIdOf(app, email),
    }));
    sessions.set(account, session);
  }
  return session;
}

/** A new player account, signed in, with its user id. */
export async function signedInNewPlayer(app: App) {
  const b = browser(app);
  const { email } = await signUpByEmail(app, b, uniqueAddress().email, PASSWORD);
  return { b, email, userId: await userIdOf(app, email) };
}

export async function userIdOf(app: App, email: string) {
  const user = await app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  if (!user) throw new Error(`no account ${email}`);
  return user.id;
}

export async function userDataOf(b: Browser) {
  const res = await b.get('/api/platform/profile/user-data');
  if (res.statusCode !== 200) throw new Error(`user data failed ${res.statusCode}: ${res.body}`);
  return res.json().user as { role: string; isManager: boolean };
}
