import { expect, it } from 'vitest';
import { firstResponseTimer, formatDuration, isOverdue, nextResponseTimer } from './timers';

const now = Date.parse('2030-01-01T12:00:00.000Z');
const minutes = (n: number) => new Date(now + n * 60_000).toISOString();
const base = {
  status: 'CREATED' as const,
  createdAt: minutes(-90),
  firstResponseAt: null,
  firstResponseDueAt: minutes(-30),
  waitingSince: minutes(-90),
  nextResponseDueAt: null,
};

it('formats spans of time as the desk shows them', () => {
  expect(formatDuration(45_000)).toBe('45 s');
  expect(formatDuration(12 * 60_000)).toBe('12 min');
  expect(formatDuration(185 * 60_000)).toBe('3 h 5 min');
  expect(formatDuration(120 * 60_000)).toBe('2 h');
  expect(formatDuration((52 * 60 + 3) * 60_000)).toBe('2 d 4 h');
});

it('counts the first response down, turns amber near the end and red past it', () => {
  expect(firstResponseTimer(base, now)).toMatchObject({ state: 'overdue', text: 'Overdue 30 min' });
  expect(firstResponseTimer({ ...base, firstResponseDueAt: minutes(10) }, now)).toMatchObject({
    state: 'soon',
    text: 'Due in 10 min',
  });
  expect(firstResponseTimer({ ...base, firstResponseDueAt: minutes(40) }, now)).toMatchObject({
    state: 'due',
    text: 'Due in 40 min',
  });
  expect(firstResponseTimer({ ...base, firstResponseAt: minutes(-70) }, now)).toEqual({
    state: 'met',
    text: 'Answered in 20 min',
  });
  expect(firstResponseTimer({ ...base, status: 'CLOSED' }, now).state).toBe('none');
  expect(isOverdue(base, now)).toBe(true);
});

it('runs the next response only after the first answer and while the player waits', () => {
  const answered = { ...base, status: 'IN_PROGRESS' as const, firstResponseAt: minutes(-80) };
  expect(nextResponseTimer(base, now)).toMatchObject({ state: 'none', text: 'After the first answer' });
  expect(nextResponseTimer({ ...answered, waitingSince: null }, now)).toMatchObject({ state: 'met' });
  expect(
    nextResponseTimer({ ...answered, waitingSince: minutes(-300), nextResponseDueAt: minutes(-60) }, now),
  ).toMatchObject({ state: 'overdue', text: 'Overdue 1 h' });
  expect(
    nextResponseTimer({ ...answered, waitingSince: minutes(-5), nextResponseDueAt: minutes(235) }, now),
  ).toMatchObject({ state: 'due', text: 'Due in 3 h 55 min' });
  expect(isOverdue({ ...answered, waitingSince: null }, now)).toBe(false);
});
