import type { PlaySessionView } from '@paws/contracts/responsible-gaming';
import { describe, expect, it } from 'vitest';
import { formatElapsed, formatUsd, playClock, realityChecksDue } from './play-clock';

const DAY = 86_400_000;
const readAt = Date.UTC(2030, 0, 1, 23, 0, 0);

const view = (playTime: Partial<PlaySessionView['playTime']>, live = true): PlaySessionView => ({
  now: new Date(readAt).toISOString(),
  session: live
    ? { startedAt: new Date(readAt - 600_000).toISOString(), lastBetAt: '', stakes: 1, wins: 0, net: -1 }
    : null,
  realityCheck: { intervalMinutes: null, everySeconds: null },
  playTime: { limitMinutes: 30, pending: null, playedTodaySeconds: 0, blockedUntil: null, ...playTime },
});

describe('the play clock', () => {
  it('formats elapsed time and signed amounts', () => {
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatUsd(-1.5)).toBe('−$1.50');
    expect(formatUsd(2, { signed: true })).toBe('+$2.00');
    expect(formatUsd(0, { signed: true })).toBe('$0.00');
  });

  it('runs the day’s play time on while the session goes on, and blocks at the limit until midnight UTC', () => {
    const v = view({ playedTodaySeconds: 29 * 60 });
    expect(playClock(v, readAt + 30_000)).toMatchObject({
      elapsedMs: 630_000,
      playedLeftMs: 30_000,
      blockedUntil: null,
    });
    expect(playClock(v, readAt + 60_000).blockedUntil).toBe(
      new Date(Math.ceil(readAt / DAY) * DAY).toISOString(),
    );
    // Without a session in progress the time stands still.
    expect(playClock(view({ playedTodaySeconds: 29 * 60 }, false), readAt + 120_000).blockedUntil).toBeNull();
    // The server's refusal holds until its time, then the new day has all of it.
    const blocked = view({
      playedTodaySeconds: 30 * 60,
      blockedUntil: new Date(readAt + 3_600_000).toISOString(),
    });
    expect(playClock(blocked, readAt + 1000).blockedUntil).not.toBeNull();
    expect(playClock(blocked, readAt + 3_600_001)).toMatchObject({
      blockedUntil: null,
      playedLeftMs: 30 * 60_000,
    });
  });

  it('counts one reality check per interval', () => {
    expect(realityChecksDue(59_000, 60)).toBe(0);
    expect(realityChecksDue(60_000, 60)).toBe(1);
    expect(realityChecksDue(125_000, 60)).toBe(2);
    expect(realityChecksDue(10 * 60_000, null)).toBe(0);
  });
});
