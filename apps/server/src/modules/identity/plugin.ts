import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import { defineModule } from '../../core/module.ts';
import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';
import { moduleSurfaces } from '../manifest.ts';
import type { SmsProvider } from '../messaging/index.ts';
import { decorateAuthentication } from './authenticate.ts';
import { createAccountDirectory } from './directory.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { createPlayerNotes, type PlayerNotes } from './player-notes.ts';
import { defaultIdentityRateLimits, type IdentityRateLimitName } from './rate-limits.ts';
import { createStaffRoleRepository, type StaffRoleRepository } from './repository.ts';
import { identityRoutes } from './routes.ts';
import { createIdentityService, type IdentityService } from './service.ts';
import { sessionRoom } from './session-list.ts';
import { createSessionCheckCache, type SessionCheckCache } from './sessions.ts';
import { decorateSocketAuth } from './socket-auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
    /** The staff roles identity keeps (no permission checks: the staff module decides and audits). */
    staffRoles: StaffRoleRepository;
    /** Staff notes on a player (the back office's player page). */
    playerNotes: PlayerNotes;
  }
}

export interface IdentityModuleOptions {
  /** The clock codes, links and tokens expire by (tests move it). */
  clock?: () => Date;
  /** Replaces figures of defaultIdentityRateLimits (tests prove the limits with small ones). */
  rateLimits?: Partial<Record<IdentityRateLimitName, RateLimitPolicy>>;
  /** Separates the rate-limit counters of apps sharing one Redis (applied by app.ts to the shared plugin). */
  rateLimitKeyPrefix?: string;
  /** Delivers SMS; without one they stay in the outbox (applied by app.ts to the shared messaging plugin). */
  smsProvider?: SmsProvider;
  /** How long a just-rotated refresh token is still accepted (parallel requests); default 10 s. */
  refreshReuseGraceSeconds?: number;
}

/**
 * The identity module: accounts, sessions and staff roles (app.identity, app.staffRoles), the hooks every
 * module authenticates with (app.authenticate, app.socketAuth), and the HTTP calls of sign-up, sign-in,
 * sessions and profile edits.
 */
export const identity = (options: IdentityModuleOptions = {}) =>
  defineModule({
    name: 'identity',
    provides: [
      'identity',
      'staffRoles',
      'playerNotes',
      'authenticate',
      'requireNotBanned',
      'resolveUser',
      'socketAuth',
    ],
    uses: ['messaging', 'audit'],
    async register(app, { messaging, audit }) {
      const sessionCache = createSessionCheckCache();
      // The backbone's change feed (started and stopped with it) keeps the session cache in step.
      app.changes.onKey('account', sessionCache.forgetUser);
      app.changes.onLiveness(sessionCache.setLive);
      const service = createIdentityService({
        db: app.database.db,
        env: app.env,
        messaging,
        storage: app.storage,
        now: options.clock,
        refreshReuseGraceSeconds: options.refreshReuseGraceSeconds,
        audit,
        sessionCache,
        settle: app.changes.settle,
      });
      app.decorate('identity', service);
      app.decorate('staffRoles', heldWhileChanging(createStaffRoleRepository(app.database.db), sessionCache));
      app.decorate(
        'playerNotes',
        createPlayerNotes({ db: app.database.db, audit, directory: createAccountDirectory(app.database.db) }),
      );
      decorateAuthentication(app, service.sessions);
      decorateSocketAuth(app, service.sessions);
      if (!app.serves('identity')) return;
      await dropEndedSessionSockets(app);
      const rateLimits = scalePerIp(
        { ...defaultIdentityRateLimits, ...options.rateLimits },
        app.env.RATE_LIMIT_IP_SCALE,
      );
      await app.register(identityRoutes, { prefix: serviceBasePaths.identity, rateLimits });
      await app.register(passkeyRoutes, { prefix: serviceBasePaths.identity, rateLimits });
    },
  });

/**
 * A role change also changes the account's spec role (user data), in the staff module's transaction that
 * commits later: this process reads that account from the database until the change is heard.
 */
function heldWhileChanging(roles: StaffRoleRepository, cache: SessionCheckCache): StaffRoleRepository {
  return {
    ...roles,
    grant(grant, tx) {
      cache.hold(grant.userId);
      return roles.grant(grant, tx);
    },
    revoke(userId, role, tx) {
      cache.hold(userId);
      return roles.revoke(userId, role, tx);
    },
  };
}

/** Multiplies the per-IP figures only (end-to-end runs put every browser behind one loopback address). */
function scalePerIp(limits: Record<IdentityRateLimitName, RateLimitPolicy>, scale: number) {
  if (scale === 1) return limits;
  return Object.fromEntries(
    Object.entries(limits).map(([name, policy]) => [
      name,
      { ...policy, ip: { ...policy.ip, points: policy.ip.points * scale } },
    ]),
  ) as Record<IdentityRateLimitName, RateLimitPolicy>;
}

/**
 * The sockets of sessions the player ended are dropped at once, on every channel and process (the Redis
 * adapter carries disconnectSockets): app.socketAuth admitted them, so identity ends them too.
 */
function dropEndedSessionSockets(app: FastifyInstance) {
  const namespaces = Object.values(moduleSurfaces).flatMap((surface) => surface.sockets);
  return app.events.subscribe('identity.session-sockets', {
    mode: 'idempotent',
    async handle(event) {
      for (const familyId of event.payload.sessionIds) {
        for (const namespace of namespaces)
          app.io.of(namespace).in(sessionRoom(familyId)).disconnectSockets(true);
      }
    },
  });
}
