/**
 * Spec 000 §2: a screen can ask for the login modal through a navigation state flag. The header's
 * Log in / Create account buttons use the same flag; the page wrapper's auth modal will read it.
 */
export type AuthModalIntent = 'login' | 'register';

export interface AuthModalNavigationState {
  authModal: AuthModalIntent;
}

export const authModalState = (intent: AuthModalIntent): AuthModalNavigationState => ({ authModal: intent });

export function readAuthModalIntent(state: unknown): AuthModalIntent | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const intent = (state as Partial<AuthModalNavigationState>).authModal;
  return intent === 'login' || intent === 'register' ? intent : undefined;
}
