import type { Db } from '../../../db/client.ts';
import type { AuditService } from '../../audit/index.ts';
import type { StaffCredentials } from '../../identity/index.ts';
import { createStaffCrypto } from './crypto.ts';
import { createSecondFactorAdmin } from './second-factor.ts';
import { createStaffSessions } from './sessions.ts';
import { createStaffSignIn } from './sign-in.ts';

export { type ClientInfo, STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from './sessions.ts';

export interface StaffAuthOptions {
  db: Db;
  secret: string;
  credentials: StaffCredentials;
  audit: AuditService;
  isBanned(userId: string): Promise<boolean>;
  now?: () => Date;
}

export function createStaffAuth({
  db,
  secret,
  credentials,
  audit,
  isBanned,
  now = () => new Date(),
}: StaffAuthOptions) {
  const crypto = createStaffCrypto(secret);
  const sessions = createStaffSessions({ db, crypto, credentials, audit, isBanned, now });
  const signIn = createStaffSignIn({ db, crypto, credentials, audit, isBanned, sessions, now });
  const secondFactor = createSecondFactorAdmin({ db, audit, now });

  return {
    crypto,
    startSignIn: signIn.startSignIn,
    finishSignIn: signIn.finishSignIn,
    actorFor: sessions.actorFor,
    signOut: sessions.signOut,
    hasSecondFactor: secondFactor.hasSecondFactor,
    resetSecondFactor: secondFactor.resetSecondFactor,
    endSessionsOf: sessions.endSessionsOf,
  };
}
export type StaffAuth = ReturnType<typeof createStaffAuth>;
