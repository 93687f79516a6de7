import { TWO_STEP_REQUIRED, twoStepMessages } from '@paws/contracts/two-step-constants';
import type { TFunction } from 'i18next';
import { isApiClientError, isStepUpRequired } from './api-client';

type TwoStepMessageKey = keyof typeof twoStepMessages;
const keyOf = new Map(
  Object.entries(twoStepMessages).map(([key, message]) => [message as string, key as TwoStepMessageKey]),
);

/** A two-step answer of the server in the player's language; any other error's own message. */
export function twoStepErrorText(error: unknown, t: TFunction): string {
  // 'Confirm it's you' was closed (issue 29 point 5): the app was neither set up nor turned off.
  if (isStepUpRequired(error)) return t('stepUp.cancelled');
  const message = error instanceof Error ? error.message : String(error);
  const key = keyOf.get(message);
  return key ? t(`twoStep.errors.${key}`) : message;
}

/** The pending sign-in of a 403 'two-step required' (the password or code was right; a TOTP code is next). */
export function pendingSignInOf(error: unknown): string | undefined {
  if (!isApiClientError(error) || error.status !== 403 || error.details.code !== TWO_STEP_REQUIRED)
    return undefined;
  const pending = error.details.pendingSignIn;
  return typeof pending === 'string' ? pending : undefined;
}
