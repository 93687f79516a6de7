import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { type AppModule, registerModules } from './core/module.ts';
import { backbone } from './core/plugin.ts';
import { createDatabase, type Database } from './db/client.ts';
import { seed } from './db/seed.ts';
import { faceOf } from './lib/faces.ts';
import { responseSerializerCompiler } from './lib/fast-serializer.ts';
import { audit } from './modules/audit/plugin.ts';
import { backOffice } from './modules/backoffice/plugin.ts';
import { bonuses } from './modules/bonuses/plugin.ts';
import { catalog } from './modules/catalog/plugin.ts';
import { health } from './modules/health/plugin.ts';
import { type IdentityModuleOptions, identity as identityModule } from './modules/identity/plugin.ts';
import { kyc } from './modules/kyc/plugin.ts';
import { type ModuleName, parseServices } from './modules/manifest.ts';
import { messaging } from './modules/messaging/plugin.ts';
import { news } from './modules/news/plugin.ts';
import { notifications } from './modules/notifications/plugin.ts';
import { payments } from './modules/payments/plugin.ts';
import { platform } from './modules/platform/plugin.ts';
import { preferences } from './modules/preferences/plugin.ts';
import { reconciliation } from './modules/reconciliation/plugin.ts';
import { reports } from './modules/reports/plugin.ts';
import { responsibleGaming } from './modules/responsible-gaming/plugin.ts';
import { staff } from './modules/staff/plugin.ts';
import { studio } from './modules/studio/plugin.ts';
import { tickets } from './modules/tickets/plugin.ts';
import { wallet } from './modules/wallet/plugin.ts';
import { AccessLog, loggerOptions } from './plugins/access-log.ts';
import { connectSources, inlineHashes } from './plugins/content-security.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { faceWalls } from './plugins/face-walls.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { originCheck } from './plugins/origin-check.ts';
import { rateLimiting } from './plugins/rate-limit.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { socketServer } from './plugins/socket.ts';
import { storage } from './plugins/storage.ts';
import { web } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
  }
}

export interface BuildOptions {
  env: Env;
  /** A database to use instead of the one the environment names (tests). Closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Identity knobs: a clock, rate-limit figures and an SMS provider (tests mostly). */
  identity?: IdentityModuleOptions;
}

export async function buildApp({ env, database, logger, identity }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(env),
    logController: new AccessLog(),
    trustProxy: env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false,
    bodyLimit: 1024 * 1024,
    // Fastify's default 10 s per plugin is less than the embedded database's first start (PGlite's WASM boot,
    // initdb and the migrations) takes on a busy 2-core machine; a start that is slow is not a failed one.
    pluginTimeout: 60_000,
    // Errors Fastify answers before routing (a malformed percent-encoding in the path, a bad content type):
    // the one error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return reply.status(statusCode).send({ statusCode, message: error.message });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Every answer with a response schema is written by fast-json-stringify (the zod serialiser where JSON
  // Schema cannot say it plainly); the tests write each one both ways and fail on any difference.
  app.setSerializerCompiler(responseSerializerCompiler({ differential: env.NODE_ENV === 'test' }));

  // External plugins.
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('env', env);
      },
      { name: 'env' },
    ),
  );
  await app.register(
    fp(
      async (instance) => {
        const db =
          database ??
          createDatabase({
            url: env.DATABASE_URL,
            dataDir: env.DATA_DIR,
            poolSize: env.DATABASE_POOL_SIZE,
          });
        await db.migrate();
        instance.decorate('database', db);
        instance.addHook('onClose', () => db.close());
      },
      { name: 'database', dependencies: ['env'] },
    ),
  );
  await app.register(errorHandler);
  await app.register(inputGuard);
  await app.register(backbone);
  // A wallet-only process serves providers, server to server: none of the browser-facing plugins, modules
  // or demo data, so each bet pays for no hook it does not need.
  if (isWalletOnly(parseServices(env.SERVICES))) {
    await registerModules(app, [wallet(), health]);
    return app;
  }
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", ...inlineHashes('script')],
        'style-src': ["'self'", ...inlineHashes('style')],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'connect-src': connectSources(env),
        'frame-src': ["'self'", env.PLATFORM_URL, env.LANDING_URL],
        'frame-ancestors': ["'self'", env.PLATFORM_URL, env.LANDING_URL],
        'upgrade-insecure-requests': env.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(originCheck);
  await app.register(faceWalls);
  await app.register(fastifyCookie, { secret: env.SECRET });
  await app.register(fastifyCors, {
    origin: [env.LANDING_URL, env.PLATFORM_URL],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PAWS platform API', version: '1.0.0' },
      tags: Object.keys(serviceBasePaths).map((name) => ({ name })),
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, apiReference(env));

  await app.register(socketServer);

  // Shared plugins the modules stand on: rate limits and file storage.
  await app.register(rateLimiting, { keyPrefix: identity?.rateLimitKeyPrefix });
  await app.register(storage);

  await registerModules(app, productModules({ identity }));
  await app.register(web);

  if (env.SEED) await seed(app.database.db, app.log);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * The product's modules. Each declares what it provides and uses (modules/<name>/plugin.ts); registerModules
 * puts each after the modules it uses, so this list reads in any order and a missing one stops the start.
 */
export function productModules({ identity }: Pick<BuildOptions, 'identity'>): AppModule[] {
  return [
    messaging({ smsProvider: identity?.smsProvider }),
    audit,
    identityModule(identity),
    wallet({ now: identity?.clock }),
    payments(),
    responsibleGaming({ now: identity?.clock }),
    kyc(),
    preferences,
    bonuses,
    catalog,
    platform,
    studio(),
    staff,
    tickets,
    notifications,
    news,
    reconciliation,
    reports,
    backOffice,
    health,
  ];
}

/**
 * The API reference lists every route, the back office's included: in development it is open on the player
 * faces at /docs; in production only a signed-in staff member reads it, on the back office at /api/staff/docs
 * (the path the staff cookie is sent to).
 */
function apiReference(env: Env): FastifySwaggerUiOptions {
  if (!env.isProduction) return { routePrefix: '/docs' };
  return {
    routePrefix: `${STAFF_API_PREFIX}/docs`,
    uiHooks: {
      onRequest: async function staffOnly(this: FastifyInstance, request, reply) {
        const actor =
          faceOf(request, env) === 'backoffice'
            ? await this.staffAuth.actorFor(request.cookies[STAFF_SESSION_COOKIE], request.ip)
            : null;
        if (!actor) {
          const path = request.url.split('?')[0];
          await reply
            .status(404)
            .send({ statusCode: 404, message: `Route ${request.method}:${path} not found` });
        }
      },
    },
  };
}

/** SERVICES=wallet: only the seamless-wallet API (and health) in this process. */
export function isWalletOnly(services: Set<ModuleName>) {
  return services.size === 1 && services.has('wallet');
}
