import pg from 'pg';
import type { RunningServer } from './server.ts';

/** The server's one-a-minute resend wait for codes and links to one address (identity/codes.ts). */
const RESEND_WAIT_MS = 61_000;

/**
 * Lets the resend wait for `target` (an e-mail address or phone number) pass, as a minute would: the codes
 * and links last sent there are dated back a minute in the server's database. A server on PGlite (a run
 * without DATABASE_URL) keeps its database to itself: there the wait is sat out, from `sentAt` on.
 */
export async function passResendWait(server: RunningServer, target: string, sentAt: number) {
  if (!server.databaseUrl) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sentAt + RESEND_WAIT_MS - Date.now())));
    return;
  }
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `update verification_codes set created_at = created_at - interval '61 seconds' where lower(target) = lower($1)`,
      [target],
    );
  } finally {
    await db.end();
  }
}
