// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now).
const sqlStates = /^(08|57P)/;
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const driverMessages =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether `error` (or an error it wraps) says the database cannot be reached right now, as opposed to a query
 * it refused: those requests are answered 503 with Retry-After, and the pool reconnects by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (sqlStates.test(code) || socketCodes.has(code))) return true;
    if (driverMessages.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
