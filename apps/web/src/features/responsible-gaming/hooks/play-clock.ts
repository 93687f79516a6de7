import type { PlaySessionView } from '@paws/contracts/responsible-gaming';

const DAY = 86_400_000;

/** '4:05' under an hour, '1:04:05' from one. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** '$1.50', '−$1.50', '+$1.50' (signed: the net position). */
export function formatUsd(amount: number, { signed = false } = {}): string {
  const text = `$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (amount < 0) return `−${text}`;
  return signed && amount > 0 ? `+${text}` : text;
}

/**
 * The play clock at `now` (server time, ms), from a view read at `readAt` (server time): the session's elapsed
 * time, the day's play time (it runs on while the session goes on, as the server counts it) and, once the
 * daily limit is played out, until when play is refused (the next midnight UTC).
 */
export function playClock(view: PlaySessionView, now: number) {
  const readAt = Date.parse(view.now);
  const session = view.session;
  const elapsedMs = session ? now - Date.parse(session.startedAt) : 0;
  const playedMs = view.playTime.playedTodaySeconds * 1000 + (session ? Math.max(0, now - readAt) : 0);
  const limitMs = view.playTime.limitMinutes === null ? null : view.playTime.limitMinutes * 60_000;
  const sameDay = Math.floor(now / DAY) === Math.floor(readAt / DAY);
  const blockedUntil =
    view.playTime.blockedUntil && Date.parse(view.playTime.blockedUntil) > now
      ? view.playTime.blockedUntil
      : limitMs !== null && sameDay && playedMs >= limitMs
        ? new Date((Math.floor(now / DAY) + 1) * DAY).toISOString()
        : null;
  return {
    elapsedMs,
    playedLeftMs: limitMs === null ? null : Math.max(0, limitMs - (sameDay ? playedMs : 0)),
    blockedUntil,
  };
}

/** How many reality checks are due by `elapsedMs` of a session (one at each interval). */
export const realityChecksDue = (elapsedMs: number, everySeconds: number | null) =>
  everySeconds === null || everySeconds <= 0 ? 0 : Math.floor(elapsedMs / (everySeconds * 1000));
