import { randomUUID } from 'node:crypto';
import { STAFF_API_PREFIX, type StaffRole } from '@paws/contracts/staff';
import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import type { App } from '../../src/app.ts';
import { createStaffCredentials } from '../../src/modules/identity/index.ts';
import { BACKOFFICE_HOST } from './test-app.ts';

export const BACKOFFICE = `http://${BACKOFFICE_HOST}`;
export const STAFF_API = STAFF_API_PREFIX;
export const STAFF_PASSWORD = 'Staff#2026pass';

/** A request to the back office's origin, as its pages send them. */
export function backOfficeInject(app: App, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return app.inject({
    ...rest,
    headers: {
      host: BACKOFFICE_HOST,
      origin: BACKOFFICE,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  } as InjectOptions);
}

/** The current TOTP code of a base32 secret (what the member's authenticator app shows). */
export const totpOf = (secret: string, at = Date.now()) => generate({ secret, epoch: Math.floor(at / 1000) });

/**
 * A new account holding `roles`, enrolled in TOTP and signed in to the back office: its staff cookie, id,
 * e-mail, TOTP secret and recovery codes, and an inject that sends the cookie from the back office's origin.
 */
export async function staffSession(app: App, roles: StaffRole[], email = `staff-${randomUUID()}@staff.test`) {
  const credentials = createStaffCredentials(app.database.db);
  const userId = await credentials.createAccount(email, STAFF_PASSWORD);
  if (!userId) throw new Error(`could not create ${email}`);
  for (const role of roles) {
    await app.staffRoles.transaction((tx) => app.staffRoles.grant({ userId, role, grantedBy: null }, tx));
  }
  // Straight through the service: the HTTP sign-in is tested on its own, and would spend rate-limit points.
  const login = await app.staffAuth.startSignIn(email, STAFF_PASSWORD);
  if (!login.enrolment) throw new Error(`${email} was already enrolled`);
  const enrolment = login.enrolment;
  // The moment whose code the enrolment spends: a test of code reuse needs that step, not the one it is in later.
  const enrolledAt = Date.now();
  const session = await app.staffAuth.finishSignIn(
    login.challengeId,
    await totpOf(enrolment.secret, enrolledAt),
    {
      ip: '127.0.0.1',
    },
  );
  const cookie = `${STAFF_SESSION_COOKIE}=${session.token}`;
  return {
    userId,
    email,
    secret: enrolment.secret,
    enrolledAt,
    recoveryCodes: session.recoveryCodes ?? [],
    cookie,
    inject: (options: InjectOptions) => backOfficeInject(app, { ...options, cookie }),
  };
}
export type StaffSession = Awaited<ReturnType<typeof staffSession>>;

export function staffCookieOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((value) => value.startsWith(`${STAFF_SESSION_COOKIE}=`));
  if (!line) throw new Error('no staff cookie set');
  return line.split(';')[0]!;
}
