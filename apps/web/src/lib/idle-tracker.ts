import { useEffect, useRef } from 'react';

/** Spec 000 §4/§9: idle after 60000 ms without a mouse move or key press. */
export const IDLE_TIMEOUT_MS = 60_000;

/** Spec 000 §7: the userIdle event payload. */
export interface UserIdlePayload {
  userId: string;
  isIdle: boolean;
  timestamp: number;
  page: string;
  userAgent: string;
}

/** Anything that can carry the event: the notifications socket later, a spy in tests. */
export interface IdleEmitter {
  emit(event: 'userIdle', payload: UserIdlePayload): void;
}

export interface IdleTrackerOptions {
  userId: string;
  emitter: IdleEmitter;
  timeoutMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  page?: () => string;
  now?: () => number;
}

/** Starts tracking; returns a stop function. Only changes of state are emitted. */
export function startIdleTracker({
  userId,
  emitter,
  timeoutMs = IDLE_TIMEOUT_MS,
  target = window,
  page = () => window.location.pathname,
  now = Date.now,
}: IdleTrackerOptions): () => void {
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const emit = (isIdle: boolean) =>
    emitter.emit('userIdle', {
      userId,
      isIdle,
      timestamp: now(),
      page: page(),
      userAgent: navigator.userAgent,
    });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      emit(true);
    }, timeoutMs);
  };
  const onActivity = () => {
    if (idle) {
      idle = false;
      emit(false);
    }
    arm();
  };
  target.addEventListener('mousemove', onActivity, { passive: true });
  target.addEventListener('keydown', onActivity);
  arm();
  return () => {
    clearTimeout(timer);
    target.removeEventListener('mousemove', onActivity);
    target.removeEventListener('keydown', onActivity);
  };
}

/** Tracks while a user id and an emitter are present (signed in, socket connected). */
export function useIdleTracker(
  userId: string | undefined,
  emitter: IdleEmitter | undefined,
  timeoutMs?: number,
) {
  const emitterRef = useRef(emitter);
  emitterRef.current = emitter;
  const hasEmitter = emitter !== undefined;
  useEffect(() => {
    if (!userId || !hasEmitter) return;
    return startIdleTracker({
      userId,
      timeoutMs,
      emitter: { emit: (event, payload) => emitterRef.current?.emit(event, payload) },
    });
  }, [userId, hasEmitter, timeoutMs]);
}
