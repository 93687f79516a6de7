import { RESEND_CODE_SECONDS } from '@paws/contracts/auth';
import { isApiClientError } from '@/lib/api-client';

/** Spec 001 §4: when the last code was sent, as a timestamp, so the wait survives reopening the modal. */
export const TIME_FOR_CODE_STORAGE_KEY = 'timeForCode';

export function markCodeSent(now = Date.now()): void {
  try {
    localStorage.setItem(TIME_FOR_CODE_STORAGE_KEY, String(now));
  } catch {
    // Storage disabled: the wait then lasts while the modal stays open only.
  }
}

/** Whole seconds left before a new code may be asked for (0: the resend link shows). */
export function secondsUntilResend(now = Date.now()): number {
  let sentAt = Number.NaN;
  try {
    sentAt = Number(localStorage.getItem(TIME_FOR_CODE_STORAGE_KEY));
  } catch {}
  if (!Number.isFinite(sentAt) || sentAt <= 0) return 0;
  const left = Math.ceil((sentAt + RESEND_CODE_SECONDS * 1000 - now) / 1000);
  return Math.min(RESEND_CODE_SECONDS, Math.max(0, left));
}

/**
 * The seconds left of the resend wait when the server refused a new code because one went out less than
 * 60 s ago (429 with resendInSeconds): that code is still the one to enter.
 */
export function resendWaitOf(error: unknown): number | undefined {
  if (!isApiClientError(error) || error.status !== 429) return undefined;
  const seconds = error.details.resendInSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}

/** Stamps the send time so that `secondsLeft` remain of the wait (the code went out earlier). */
export function markCodeSentWithWait(secondsLeft: number, now = Date.now()): void {
  markCodeSent(now - (RESEND_CODE_SECONDS - Math.min(secondsLeft, RESEND_CODE_SECONDS)) * 1000);
}

/** The seconds a rate limit asks to wait (429 with retryInSeconds): nothing was sent. */
export function retryWaitOf(error: unknown): number | undefined {
  if (!isApiClientError(error) || error.status !== 429) return undefined;
  const seconds = error.details.retryInSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : undefined;
}
