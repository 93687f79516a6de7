import {
  type CurrencyCode,
  fromMinor,
  toMinor,
  type WalletErrorBody,
  walletAuthenticateRequestSchema,
  walletBalanceRequestSchema,
  walletBalanceResponseSchema,
  walletBetRequestSchema,
  walletErrorSchema,
  walletRollbackRequestSchema,
  walletSignatureHeader,
  walletTransactionResponseSchema,
  walletWinRequestSchema,
} from '@paws/contracts/wallet';
import type { FastifyError, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../db/unavailable.ts';
import { WalletError } from './errors.ts';
import type { GameResult, WalletService } from './service.ts';
import { providerSecret, signBody, verifyBody } from './signature.ts';

export interface WalletRoutesOptions {
  wallet: WalletService;
  /** STUDIO_WALLET_SECRET: what our studio signs with. */
  studioSecret: string;
  /** How long a provider's secret and enabled flag are cached (ms). */
  providerCacheMs?: number;
}

const rawBodies = new WeakMap<FastifyRequest, string>();
const requestSecrets = new WeakMap<FastifyRequest, string>();

/** The provider's code from the path; an unknown one fails the signature check. */
const providerOf = (request: FastifyRequest) => (request.params as { provider: string }).provider;
const errors = {
  400: walletErrorSchema,
  401: walletErrorSchema,
  402: walletErrorSchema,
  409: walletErrorSchema,
};

/** Converts a decimal amount once, at the edge; more places than the currency has is a 400. */
export function amountToMinor(amount: number, currency: CurrencyCode) {
  const minor = toMinor(amount, currency);
  if (minor === null) throw new WalletError('INVALID_AMOUNT', { field: 'amount' });
  return minor;
}

export function presentGameResult(result: GameResult) {
  return {
    transactionId: result.transactionId,
    walletTransactionId: result.id,
    userId: result.userId,
    currency: result.currency,
    balance:
      result.balance === null || result.currency === null ? null : fromMinor(result.balance, result.currency),
  };
}

/**
 * The seamless-wallet contract for game providers: POST {provider}/authenticate|balance|bet|win|rollback.
 * Every call is signed: X-Signature is the hex HMAC-SHA256 of the raw body with the provider's secret.
 * Answers are signed the same way. Routes opt out of the browser security headers: they mean nothing to a server-to-server JSON API.
 */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (
  app,
  { wallet, studioSecret, providerCacheMs = 30_000 },
) => {
  const providers = new Map<string, { secret: string | null; at: number }>();
  function cachedSecret(code: string) {
    const cached = providers.get(code);
    return cached && Date.now() - cached.at < providerCacheMs ? cached.secret : undefined;
  }
  async function loadSecret(code: string) {
    const row = await wallet.getProvider(code);
    const secret = row?.enabled ? providerSecret(row, studioSecret) : null;
    // Unknown codes are cached too (as null); the cap keeps a flood of invented ones from growing the map.
    if (providers.size >= 1000) providers.clear();
    providers.set(code, { secret, at: Date.now() });
    return secret;
  }

  // The signature covers the exact bytes sent, so the body is kept as received before parsing.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const raw = body as string;
    rawBodies.set(request, raw);
    try {
      done(null, raw === '' ? undefined : JSON.parse(raw));
    } catch {
      // Bad JSON is answered after the signature check: unsigned junk gets 401, signed junk 400.
      done(null, undefined);
    }
  });

  // Callback-style hooks: on the bet path the secret is cached and nothing here needs a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    const check = (secret: string | null) => {
      const raw = rawBodies.get(request);
      const signature = request.headers[walletSignatureHeader];
      if (
        raw === undefined ||
        !secret ||
        !verifyBody(secret, raw, typeof signature === 'string' ? signature : undefined)
      ) {
        done(new WalletError('INVALID_SIGNATURE'));
        return;
      }
      requestSecrets.set(request, secret);
      done();
    };
    const provider = providerOf(request);
    const cached = cachedSecret(provider);
    if (cached !== undefined) check(cached);
    else loadSecret(provider).then(check, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const secret = requestSecrets.get(request);
    if (secret && typeof payload === 'string') reply.header(walletSignatureHeader, signBody(secret, payload));
    done(null, payload);
  });

  // Answers are built here from typed values; re-validating each one with zod costs more than the bet's SQL
  // on the hot path. The response schemas still document the contract.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: FastifyError | WalletError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'wallet call: database unavailable');
      const unavailable = new WalletError('TEMPORARILY_UNAVAILABLE');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, message: unavailable.message, code: unavailable.code });
    }
    const body = toWalletError(error);
    if (body.statusCode >= 500) request.log.error({ err: error }, 'wallet call failed');
    else request.log.info({ code: body.code }, 'wallet call refused');
    return reply.status(body.statusCode).send(body);
  });

  app.post(
    '/:provider/authenticate',
    {
      config: { securityHeaders: false },
      schema: {
        tags: ['wallet'],
        summary: 'Who is playing this session, in which currency, with what balance',
        body: walletAuthenticateRequestSchema,
        response: { 200: walletBalanceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await wallet.authenticate({
        providerCode: providerOf(request),
        sessionToken: request.body.sessionToken,
      });
      return {
        userId: result.userId,
        currency: result.currency,
        balance: fromMinor(result.balance, result.currency),
      };
    },
  );

  app.post(
    '/:provider/balance',
    {
      config: { securityHeaders: false },
      schema: {
        tags: ['wallet'],
        summary: "The player's balance in the session's currency",
        body: walletBalanceRequestSchema,
        response: { 200: walletBalanceResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await wallet.balance({ providerCode: providerOf(request), ...request.body });
      return {
        userId: result.userId,
        currency: result.currency,
        balance: fromMinor(result.balance, result.currency),
      };
    },
  );

  app.post(
    '/:provider/bet',
    {
      config: { securityHeaders: false },
      schema: {
        tags: ['wallet'],
        summary: 'Debit a bet (idempotent by transactionId)',
        body: walletBetRequestSchema,
        response: { 200: walletTransactionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { body } = request;
      const result = await wallet.bet({
        ...body,
        providerCode: providerOf(request),
        amount: amountToMinor(body.amount, body.currency),
      });
      return presentGameResult(result);
    },
  );

  app.post(
    '/:provider/win',
    {
      config: { securityHeaders: false },
      schema: {
        tags: ['wallet'],
        summary: 'Credit a win (idempotent by transactionId; accepted after the session expired)',
        body: walletWinRequestSchema,
        response: { 200: walletTransactionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { body } = request;
      const result = await wallet.win({
        ...body,
        providerCode: providerOf(request),
        amount: amountToMinor(body.amount, body.currency),
      });
      return presentGameResult(result);
    },
  );

  app.post(
    '/:provider/rollback',
    {
      config: { securityHeaders: false },
      schema: {
        tags: ['wallet'],
        summary: 'Refund a bet (idempotent; an unknown bet is remembered and refused later)',
        body: walletRollbackRequestSchema,
        response: { 200: walletTransactionResponseSchema, ...errors },
      },
    },
    async (request) =>
      presentGameResult(await wallet.rollback({ ...request.body, providerCode: providerOf(request) })),
  );
};

function toWalletError(error: unknown): WalletErrorBody {
  if (error instanceof WalletError) {
    const { balance, currency } = error.details;
    return {
      statusCode: error.statusCode,
      message: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
      ...(balance !== undefined && currency ? { balance: fromMinor(balance, currency), currency } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    return {
      statusCode: 400,
      message: first?.message ?? 'Invalid request',
      code: 'VALIDATION_ERROR',
      ...(field ? { field } : {}),
    };
  }
  const statusCode = (error as Partial<FastifyError>).statusCode;
  if (typeof statusCode === 'number' && statusCode < 500) {
    const field = (error as { field?: string }).field;
    return {
      statusCode,
      message: (error as Error).message || 'Bad request',
      code: 'VALIDATION_ERROR',
      ...(field ? { field } : {}),
    };
  }
  return { statusCode: 500, message: 'Internal Server Error', code: 'INTERNAL_ERROR' };
}
