import { basename } from 'node:path';
import { inject } from 'vitest';
import type { RunningServer } from './server.ts';

/**
 * Test files that share one server, by the NODE_ENV their demo data needs. A file joins a group only if it
 * stays out of the others' way when they run before, after or beside it: its players and staff are its own
 * (new accounts with addresses no other member uses), it changes no seeded account, and at most one member
 * signs the demo player in (its sign-in link has a one-minute resend wait) or enrols a staff member (once
 * per account). Files that need the seeded state untouched (the demo player's exact balance, a ban, a staff
 * enrolment) or a setting of their own start their own server (helpers/server.ts startServer).
 */
export const sharedServerGroups = {
  test: {
    env: {},
    files: [
      'foundation',
      'shell-journeys',
      'shell-gestures',
      'onboarding',
      'walkthrough-history',
      'news-editor',
      'identity-email',
      'self-exclusion-register',
      'sign-up-deposit-limit',
      'pwa',
    ],
  },
  // Development mode seeds the news posts (with pictures).
  development: {
    env: { NODE_ENV: 'development' },
    files: ['accessibility', 'company-lightbox', 'news'],
  },
} as const satisfies Record<string, { env: Record<string, string>; files: readonly string[] }>;

export type SharedServerGroup = keyof typeof sharedServerGroups;

/** The group of a test file (by its path), if it is in one. */
export function groupOf(file: string): SharedServerGroup | undefined {
  const name = basename(file).replace(/\.test\.ts$/, '');
  for (const [group, { files }] of Object.entries(sharedServerGroups)) {
    if ((files as readonly string[]).includes(name)) return group as SharedServerGroup;
  }
  return undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** From the global setup: where test files ask for their group's server (global-setup.ts). */
    sharedServers?: string;
  }
}

/**
 * The group's server, started by the global setup when its first member asks and stopped when the run's
 * last member has let go of it. `stop()` lets go of it (a member calls it in its afterAll, as it would stop
 * a server of its own). `file` is the member's own path (import.meta.filename).
 */
export async function sharedServer(group: SharedServerGroup, file: string): Promise<RunningServer> {
  const coordinator = inject('sharedServers');
  if (!coordinator)
    throw new Error('no shared servers: run the suite through vitest.config.ts (global setup)');
  const name = basename(file).replace(/\.test\.ts$/, '');
  if (groupOf(file) !== group)
    throw new Error(`${name} is not listed in the ${group} group (shared-servers.ts)`);
  const query = new URLSearchParams({ group, file: name });
  const res = await fetch(`${coordinator}/acquire?${query}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the ${group} server did not start: ${await res.text()}`);
  const urls = (await res.json()) as Pick<RunningServer, 'landing' | 'platform' | 'backOffice'>;
  let released = false;
  return {
    ...urls,
    output: () => '(the shared server logs to the run: E2E_LOG_LEVEL)',
    async stop() {
      if (released) return;
      released = true;
      await fetch(`${coordinator}/release?${query}`, { method: 'POST' });
    },
  };
}
