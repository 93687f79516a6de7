import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { SmsProvider } from '../../plugins/messaging.ts';
import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';
import { defaultIdentityRateLimits, type IdentityRateLimitName } from './rate-limits.ts';
import { createStaffRoleRepository, type StaffRoleRepository } from './repository.ts';
import { identityRoutes } from './routes.ts';
import { createIdentityService, type IdentityService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
    /** The staff roles identity keeps (no permission checks: app.staff decides and audits). */
    staffRoles: StaffRoleRepository;
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
 * The identity service (accounts, sessions, staff roles), registered with the shared plugins before the
 * modules: the authenticate hook and socket authentication check sessions through it.
 */
export const identityService = fp(
  async (app: FastifyInstance, options: IdentityModuleOptions) => {
    app.decorate(
      'identity',
      createIdentityService({
        db: app.database.db,
        env: app.env,
        messaging: app.messaging,
        storage: app.storage,
        now: options.clock,
        refreshReuseGraceSeconds: options.refreshReuseGraceSeconds,
        audit: () => app.audit,
      }),
    );
    app.decorate('staffRoles', createStaffRoleRepository(app.database.db));
  },
  { name: 'identity-service', dependencies: ['env', 'database', 'messaging', 'storage'] },
);

/** The identity module's HTTP calls: sign-up, sign-in, sessions and profile edits. */
export const identityModule = fp(
  async (app: FastifyInstance, options: IdentityModuleOptions) => {
    if (!app.serves('identity')) return;
    await app.register(identityRoutes, {
      prefix: serviceBasePaths.identity,
      rateLimits: scalePerIp(
        { ...defaultIdentityRateLimits, ...options.rateLimits },
        app.env.RATE_LIMIT_IP_SCALE,
      ),
    });
  },
  {
    name: 'identity',
    dependencies: [
      'backbone',
      'identity-service',
      'authenticate',
      'rate-limiting',
      'storage',
      '@fastify/cookie',
    ],
  },
);

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
