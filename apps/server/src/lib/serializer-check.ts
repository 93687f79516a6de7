type Write = (data: unknown) => string;

/** A fast-path answer the zod serialiser would have written otherwise (or refused). */
export class SerializerMismatchError extends Error {
  override name = 'SerializerMismatchError';
}

function attempt(write: Write, data: unknown): { written: string } | { error: unknown } {
  try {
    return { written: write(data) };
  } catch (error) {
    return { error };
  }
}

const causeOf = (error: unknown) => {
  const cause = (error as { cause?: { issues?: unknown } }).cause;
  return cause?.issues ? JSON.stringify(cause.issues) : String(error);
};

/**
 * The differential check the integration tests run under: each answer is written by both serialisers, and
 * the fast one's must be the zod one's to the byte (the same fields dropped, dates, nulls, numbers...).
 * A difference throws (the request answers 500) and is printed, so a schema the fast path writes otherwise
 * is found by the whole suite rather than by a player. Both refusing is no difference: zod's error is thrown.
 */
export function checkedAgainstZod(
  fast: Write,
  zod: Write,
  route: { method: string; url: string; httpStatus?: string },
): Write {
  const where = `${route.method} ${route.url} ${route.httpStatus ?? ''}`.trim();
  return (data) => {
    const fastResult = attempt(fast, data);
    const zodResult = attempt(zod, data);
    if ('written' in fastResult && 'written' in zodResult && fastResult.written === zodResult.written)
      return fastResult.written;
    if ('error' in fastResult && 'error' in zodResult) throw zodResult.error;
    const message =
      `fast-json-stringify and the zod serialiser differ on ${where}: fast ` +
      ('written' in fastResult ? fastResult.written : `threw ${String(fastResult.error)}`) +
      '; zod ' +
      ('written' in zodResult ? zodResult.written : `refused ${causeOf(zodResult.error)}`);
    // Printed as well: the error handler answers a bare 500 and the tests' logger is silent.
    console.error(message);
    throw new SerializerMismatchError(message);
  };
}
