import { demoStaffAccounts, STAFF_API_PREFIX } from '@paws/contracts/staff';
import type { App } from '../../src/app.ts';
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
const staffSessions = new WeakMap<App, Map<StaffAccount, Promise<{ b: Browser; userId: string }>>>();

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
    session = signIn(app, email, password).then(async (b) => ({ b, userId: await userIdOf(app, email) }));
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
