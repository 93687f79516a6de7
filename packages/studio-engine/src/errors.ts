/**
 * A bet, action or seed the engine refuses. The server answers it as a 400 with this message and
 * field; it is never a 5xx.
 */
export class StudioInputError extends Error {
  override readonly name = 'StudioInputError';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function assertStake(cents: number, field = 'amount'): void {
  if (!Number.isSafeInteger(cents) || cents < 1)
    throw new StudioInputError('Stake must be a positive whole number of cents', field);
}
