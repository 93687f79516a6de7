import { isOnboardingStep, ONBOARDING_STEP_KEY, type OnboardingStep } from '@paws/contracts/onboarding';
import { useSyncExternalStore } from 'react';

/**
 * The tour's step, kept under localStorage `onboardingStep` (spec 000 §3, 001 §4): restored on load when it is
 * a known step, shared by every tab of the origin (the storage event), null when none or unknown is stored.
 */
const listeners = new Set<() => void>();

function read(): OnboardingStep | null {
  try {
    const value = window.localStorage.getItem(ONBOARDING_STEP_KEY);
    return isOnboardingStep(value) ? value : null;
  } catch {
    return null;
  }
}

export function readOnboardingStep() {
  return read();
}

export function writeOnboardingStep(step: OnboardingStep) {
  try {
    window.localStorage.setItem(ONBOARDING_STEP_KEY, step);
  } catch {
    // Storage refused (private mode): the step lives only as long as the page.
  }
  memory = step;
  for (const listener of listeners) listener();
}

/** What the page shows when storage refuses a write. */
let memory: OnboardingStep | null = null;
const snapshot = () => read() ?? memory;

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === ONBOARDING_STEP_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useOnboardingStep(): OnboardingStep | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
