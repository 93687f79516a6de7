import { useSyncExternalStore } from 'react';

/**
 * Step-up (issue 29 point 5): the API client asks here when the server answers 403 STEP_UP_REQUIRED, and
 * waits. The step-up modal (features/auth/components/step-up-modal.tsx) shows while a request is open and
 * answers it: true once the player proved presence (the client retries the refused call once), false when
 * they cancelled (the call fails with its 403 and the flow says so). Calls refused at the same time share
 * one modal and one answer.
 */
let pending: Promise<boolean> | null = null;
let resolvePending: ((proved: boolean) => void) | null = null;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** Opens the modal (or joins the one open) and resolves with the player's answer. */
export function requestStepUp(): Promise<boolean> {
  if (pending) return pending;
  pending = new Promise<boolean>((resolve) => {
    resolvePending = resolve;
  });
  notify();
  return pending;
}

/** The modal's answer: proved or cancelled. */
export function finishStepUp(proved: boolean) {
  const resolve = resolvePending;
  pending = null;
  resolvePending = null;
  notify();
  resolve?.(proved);
}

const isOpen = () => pending !== null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the step-up modal should show. */
export function useStepUpOpen(): boolean {
  return useSyncExternalStore(subscribe, isOpen, isOpen);
}
