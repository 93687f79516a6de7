import { lazy, Suspense } from 'react';
import { reportingPreloadErrors } from '@/lib/preload-error';
import { useStepUpOpen } from '@/lib/step-up-store';

// The modal and its code entry load only when a call asks for a step-up.
const StepUpModal = lazy(
  reportingPreloadErrors(() => import('./step-up-modal').then((module) => ({ default: module.StepUpModal }))),
);

/**
 * Lives in the page wrapper: shows the step-up modal while the API client waits for the player to confirm
 * it is them (a 403 STEP_UP_REQUIRED, issue 29 point 5). Each request gets a fresh modal.
 */
export function StepUpModalHost() {
  const open = useStepUpOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <StepUpModal />
    </Suspense>
  );
}
