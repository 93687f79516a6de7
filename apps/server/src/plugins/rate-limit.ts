import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppError } from '../lib/errors.ts';
import { watchRedis } from './redis-adapter.ts';

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

/** A limit per client IP and, where the request names one, per account (e-mail, phone or user id). */
export interface RateLimitPolicy {
  ip: RateLimitRule;
  account?: RateLimitRule;
}

export interface RateLimitingOptions {
  /** Separates the counters of apps sharing one Redis (tests). */
  keyPrefix?: string;
}

export type RateLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimiting {
  store: 'memory' | 'redis';
  /**
   * A preHandler spending one point per request from the caller's IP and from the account that
   * `accountOf` names; either running out answers 429 with the wait in seconds.
   */
  hook(
    name: string,
    policy: RateLimitPolicy,
    accountOf?: (request: FastifyRequest) => string | undefined,
  ): RateLimitHook;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiting: RateLimiting;
  }
}

export const tooManyAttempts = (seconds: number) =>
  new AppError(
    429,
    `Too many attempts, please try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
    undefined,
    { retryInSeconds: seconds },
  );

/**
 * Counters in process memory, or in Redis when REDIS_URL is set so that every server process shares them.
 * With Redis unreachable (at any time, for any length of time) each process falls back to its own memory
 * counters rather than failing requests, and goes back to the shared ones when Redis is back.
 */
export const rateLimiting = fp(
  async (app: FastifyInstance, options: RateLimitingOptions) => {
    const prefix = options.keyPrefix ?? `${app.env.REDIS_KEY_PREFIX}:rl`;
    let redis: Redis | undefined;
    if (app.env.REDIS_URL) {
      // No queue and no retry: while Redis is away a count fails at once and the insurance limiter (this
      // process's memory) answers instead; ioredis reconnects by itself, forever.
      const client = new Redis(app.env.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 0 });
      const watch = watchRedis(
        [client],
        app.log,
        'shared rate limits (each process counts in its own memory)',
      );
      redis = client;
      app.addHook('onClose', async () => {
        watch.closing();
        await client.quit().catch(() => client.disconnect());
      });
    }

    const limiter = (keyPrefix: string, rule: RateLimitRule): RateLimiterAbstract => {
      const settings = { keyPrefix, points: rule.points, duration: rule.durationSeconds };
      if (!redis) return new RateLimiterMemory(settings);
      return new RateLimiterRedis({
        ...settings,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(settings),
      });
    };

    const spend = async (reply: FastifyReply, rl: RateLimiterAbstract, key: string) => {
      try {
        await rl.consume(key);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        reply.header('retry-after', String(seconds));
        throw tooManyAttempts(seconds);
      }
    };

    app.decorate('rateLimiting', {
      store: redis ? 'redis' : 'memory',
      hook(name, policy, accountOf) {
        const byIp = limiter(`${prefix}:${name}:ip`, policy.ip);
        const byAccount = policy.account ? limiter(`${prefix}:${name}:account`, policy.account) : undefined;
        return async (request, reply) => {
          await spend(reply, byIp, request.ip);
          const account = byAccount && accountOf?.(request);
          if (byAccount && account) await spend(reply, byAccount, account.toLowerCase());
        };
      },
    } satisfies RateLimiting);
  },
  { name: 'rate-limiting', dependencies: ['env'] },
);
