import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import type { Env } from '../config/env.ts';

/** Lines gathered before one write to stdout (a write per line cost a small request about a tenth of its CPU). */
const LOG_BUFFER_BYTES = 4096;
/** The longest a line waits in that buffer when few come. */
const LOG_FLUSH_MS = 1000;

/**
 * The server's logger: pretty in a development terminal; otherwise JSON lines through an asynchronous
 * destination that writes them by the few kilobytes, and at least every second, so a log line costs the
 * request neither a synchronous write nor a system call of its own (pino flushes what is buffered when the
 * process exits; a kill -9 loses at most a second of lines).
 */
export function loggerOptions(env: Env): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY && !env.isProduction) {
    return { level: env.LOG_LEVEL, transport: { target: 'pino-pretty' } };
  }
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  // The callback takes the error of a flush after the stream is closed (the process stopping).
  setInterval(() => stream.flush(() => {}), LOG_FLUSH_MS).unref();
  return { level: env.LOG_LEVEL, stream };
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
