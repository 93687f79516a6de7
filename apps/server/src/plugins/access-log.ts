import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { Env } from '../config/env.ts';

/**
 * The server's logger: pretty in a development terminal; otherwise JSON lines through an asynchronous
 * destination, so a log line costs the request no synchronous write (pino flushes what is buffered when
 * the process exits).
 */
export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY && !env.isProduction) {
    return { level: env.LOG_LEVEL, transport: { target: 'pino-pretty' } };
  }
  return { level: env.LOG_LEVEL, stream: pino.destination({ dest: 1, sync: false }) };
}

/**
 * One access line per request, when it has been answered: Fastify's default writes two (one as it comes
 * in, one as it is answered), each with the whole request and reply serialised.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
