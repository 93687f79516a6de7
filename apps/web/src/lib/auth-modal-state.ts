/**
 * Spec 000 §2: a screen can ask for the login modal through a navigation state flag. The header's
 * Log in / Create account buttons use the same flag; the page wrapper's auth modal will read it.
 * A screen that needs a player also names where to come back to (`returnTo`): the e-mailed link carries it,
 * so signing in from another tab still lands on that screen.
 */
export type AuthModalIntent = 'login' | 'register';

export interface AuthModalNavigationState {
  authModal: AuthModalIntent;
  returnTo?: string;
}

export const authModalState = (intent: AuthModalIntent, returnTo?: string): AuthModalNavigationState =>
  returnTo ? { authModal: intent, returnTo } : { authModal: intent };

export function readAuthModalIntent(state: unknown): AuthModalIntent | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const intent = (state as Partial<AuthModalNavigationState>).authModal;
  return intent === 'login' || intent === 'register' ? intent : undefined;
}

/** An in-app path only ('/profile/history?x=1'), never another site ('//evil', 'https:…'). */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (value.includes('\\')) return undefined;
  return value;
}

export function readAuthModalReturnTo(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return safeReturnTo((state as Partial<AuthModalNavigationState>).returnTo);
}

/** The query parameter of the e-mailed link's callback page that names the screen to come back to. */
export const RETURN_TO_PARAM = 'returnTo';

/** The callback page's address with the screen to come back to, if any. */
export function callbackUrlOf(origin: string, path: string, returnTo: string | undefined) {
  const url = new URL(path, origin);
  if (returnTo) url.searchParams.set(RETURN_TO_PARAM, returnTo);
  return url.toString();
}
