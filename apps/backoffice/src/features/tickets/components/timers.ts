import type { StaffTicketListItem } from '@paws/contracts/staff-tickets';
import { useEffect, useState } from 'react';
import { isFinished } from './labels';

/** '45 s', '12 min', '3 h 5 min', '2 d 4 h': a span of time for a timer or an age. */
export function formatDuration(ms: number) {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** Less than this left on a timer and it turns amber. */
export const DUE_SOON_MS = 15 * 60_000;

export type TimerState =
  | { state: 'met'; text: string }
  | { state: 'due' | 'soon' | 'overdue'; text: string; dueAt: string }
  | { state: 'none'; text: string };

type Timed = Pick<
  StaffTicketListItem,
  'status' | 'createdAt' | 'firstResponseAt' | 'firstResponseDueAt' | 'waitingSince' | 'nextResponseDueAt'
>;

function against(dueAt: string, now: number): TimerState {
  const left = Date.parse(dueAt) - now;
  if (left < 0) return { state: 'overdue', text: `Overdue ${formatDuration(-left)}`, dueAt };
  return { state: left < DUE_SOON_MS ? 'soon' : 'due', text: `Due in ${formatDuration(left)}`, dueAt };
}

/** The first answer: how fast it came, or how long is left (or how late it is). */
export function firstResponseTimer(ticket: Timed, now: number): TimerState {
  if (ticket.firstResponseAt) {
    const took = Date.parse(ticket.firstResponseAt) - Date.parse(ticket.createdAt);
    return { state: 'met', text: `Answered in ${formatDuration(took)}` };
  }
  if (isFinished(ticket.status)) return { state: 'none', text: 'Not answered' };
  return against(ticket.firstResponseDueAt, now);
}

/** The next answer, once the first was given: running while the player's latest message waits. */
export function nextResponseTimer(ticket: Timed, now: number): TimerState {
  if (isFinished(ticket.status)) return { state: 'none', text: '—' };
  if (!ticket.firstResponseAt) return { state: 'none', text: 'After the first answer' };
  if (!ticket.waitingSince || !ticket.nextResponseDueAt) return { state: 'met', text: 'Nothing waiting' };
  return against(ticket.nextResponseDueAt, now);
}

/** Whether any running timer of the ticket has run out. */
export const isOverdue = (ticket: Timed, now: number) =>
  firstResponseTimer(ticket, now).state === 'overdue' || nextResponseTimer(ticket, now).state === 'overdue';

/** The current time, ticking every `everyMs` so timers count down on screen. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The time since `sinceIso` as formatDuration writes it, shown afresh whenever that text changes: every
 * second under a minute, then on each minute (a fixed 30 s tick left '45 s' standing for half a minute).
 */
export function useElapsed(sinceIso: string) {
  const since = Date.parse(sinceIso);
  const [now, setNow] = useState(() => Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new `now` schedules the next change.
  useEffect(() => {
    // From the clock as it is now (a render can come late), to the moment the text next changes.
    const elapsed = Math.max(0, Date.now() - since);
    const step = elapsed < 60_000 ? 1_000 : 60_000;
    const timer = setTimeout(() => setNow(Date.now()), step - (elapsed % step));
    return () => clearTimeout(timer);
  }, [now, since]);
  return formatDuration(now - since);
}
