import { RESEND_CODE_SECONDS } from '@paws/contracts/auth';

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
