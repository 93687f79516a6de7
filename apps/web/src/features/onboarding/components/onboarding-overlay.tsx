import { VIBE_HIGHLIGHT_DELAY_MS } from '@paws/contracts/onboarding';
import { useEffect, useState } from 'react';
import { OnboardingVibeStep } from '@/components/ui/onboarding-vibe-step';
import { useEditProfile } from '@/lib/session/edit-profile';
import { useUser } from '@/lib/session/use-session';
import { useClaimOnboardingReward } from '../api/onboarding-reward';
import { readOnboardingStep, useOnboardingStep, writeOnboardingStep } from '../hooks/onboarding-step-store';
import { OnboardingTour } from './onboarding-tour';

/** A beat after the sign-in lands, so the tour does not jump in while the sign-in modal closes. */
export const START_DELAY_MS = 600;

/**
 * Starts the tour once for a new player: signed in, no username yet (the reward needs one, so it is
 * unclaimed too) and no step ever stored in this browser. A finished or skipped tour stays COMPLETED.
 */
function useStartForNewPlayer(username: string | null | undefined) {
  useEffect(() => {
    if (username !== null || readOnboardingStep() !== null) return;
    const timer = window.setTimeout(() => {
      if (readOnboardingStep() === null) writeOnboardingStep('STEP_1');
    }, START_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [username]);
}

/**
 * Spec 001 §2 onboarding overlay, over any screen while a known step is stored under `onboardingStep` and a
 * player is signed in. 'Claim reward' closes it and, 200 ms later, the vibe step highlights the vibe button
 * (then the burger menu on small screens).
 */
export function OnboardingOverlay() {
  const user = useUser();
  const step = useOnboardingStep();
  const editProfile = useEditProfile();
  const claim = useClaimOnboardingReward();
  const [vibe, setVibe] = useState<'off' | 'pending' | 'on'>('off');
  const player = user.data?.user;
  useStartForNewPlayer(player?.username);

  useEffect(() => {
    if (vibe !== 'pending') return;
    const timer = window.setTimeout(() => setVibe('on'), VIBE_HIGHLIGHT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [vibe]);

  if (vibe === 'on') return <OnboardingVibeStep onFinish={() => setVibe('off')} />;
  if (!player || step === null || step === 'COMPLETED') return null;
  return (
    <OnboardingTour
      step={step}
      onStep={writeOnboardingStep}
      player={player}
      saveUsername={(username) => editProfile.mutateAsync({ field: 'username', value: username })}
      claimReward={() => claim.mutateAsync()}
      onClaimed={() => {
        writeOnboardingStep('COMPLETED');
        setVibe('pending');
      }}
    />
  );
}
