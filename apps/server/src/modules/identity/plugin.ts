import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authenticate } from '../../plugins/authenticate.ts';
import { messaging, type SmsProvider } from '../../plugins/messaging.ts';
import { type RateLimitPolicy, rateLimiting } from '../../plugins/rate-limit.ts';
import { storage } from '../../plugins/storage.ts';
import { defaultIdentityRateLimits, type IdentityRateLimitName } from './rate-limits.ts';
import { identityRoutes } from './routes.ts';
import { createIdentityService, type IdentityService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
  }
}

export interface IdentityModuleOptions {
  /** The clock codes, links and tokens expire by (tests move it). */
  clock?: () => Date;
  /** Replaces figures of defaultIdentityRateLimits (tests prove the limits with small ones). */
  rateLimits?: Partial<Record<IdentityRateLimitName, RateLimitPolicy>>;
  /** Separates the rate-limit counters of apps sharing one Redis. */
  rateLimitKeyPrefix?: string;
  /** Delivers SMS; without one they stay in the outbox. */
  smsProvider?: SmsProvider;
  /** How long a just-rotated refresh token is still accepted (parallel requests); default 10 s. */
  refreshReuseGraceSeconds?: number;
}

/**
 * The identity module: accounts, sign-in, sessions and profile edits, plus the shared pieces it is the
 * first to need (rate limiting, outgoing messages, file storage, the authenticate hook).
 */
export const identityModule = fp(
  async (app: FastifyInstance, options: IdentityModuleOptions) => {
    await app.register(rateLimiting, { keyPrefix: options.rateLimitKeyPrefix });
    await app.register(messaging, { smsProvider: options.smsProvider });
    await app.register(storage);
    app.decorate(
      'identity',
      createIdentityService({
        db: app.database.db,
        env: app.env,
        messaging: app.messaging,
        storage: app.storage,
        now: options.clock,
        refreshReuseGraceSeconds: options.refreshReuseGraceSeconds,
      }),
    );
    await app.register(authenticate);
    await app.register(identityRoutes, {
      prefix: serviceBasePaths.identity,
      rateLimits: scalePerIp(
        { ...defaultIdentityRateLimits, ...options.rateLimits },
        app.env.RATE_LIMIT_IP_SCALE,
      ),
    });
  },
  { name: 'identity', dependencies: ['env', 'database', '@fastify/cookie'] },
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
