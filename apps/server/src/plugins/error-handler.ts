import type { ApiError } from '@paws/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';

/** One error shape for the whole API; 5xx never leaks internals. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ statusCode: 503, message: 'Service temporarily unavailable, please try again shortly' });
      }
      const body = isMalformedMultipart(error, request.headers['content-type'])
        ? { statusCode: 400, message: MALFORMED_MULTIPART }
        : toApiError(error);
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ statusCode: body.statusCode, message: body.message }, 'request refused');
      return reply.status(body.statusCode).send(body);
    });
  },
  { name: 'error-handler' },
);

export const MALFORMED_MULTIPART = 'Malformed multipart body';

/**
 * Busboy's (under @fastify/multipart) refusals of a body that is not the multipart it claims to be: no or
 * an over-long boundary, or a boundary the body never closes. They are plain Errors with no code or
 * status, so they are told by their fixed messages, and only on a request that claims to be multipart.
 */
const busboyParseErrors =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot .*)$/;

export function isMalformedMultipart(error: unknown, contentType: string | undefined): boolean {
  return (
    error instanceof Error &&
    (error as Partial<FastifyError>).statusCode === undefined &&
    typeof contentType === 'string' &&
    /^\s*multipart\//i.test(contentType) &&
    busboyParseErrors.test(error.message)
  );
}

function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      ...error.extra,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    return { statusCode: 400, message: first?.message ?? 'Invalid request', ...(field ? { field } : {}) };
  }
  const fastifyError = error as Partial<FastifyError>;
  const statusCode = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (statusCode >= 500) return { statusCode: 500, message: 'Internal Server Error' };
  return { statusCode, message: fastifyError.message || 'Bad request' };
}
