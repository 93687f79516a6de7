import type { SignUpDepositLimit } from '@paws/contracts/responsible-gaming';

/** The account a sign-in gate is asked about: what identity knows of the person. */
export interface GateAccount {
  userId: string;
  email: string | null;
  phone: string | null;
}

/**
 * A check another module installs (responsible gaming's national self-exclusion register): asked when an
 * account is created ('sign-up') and before each sign-in is let through ('sign-in'). It may record a
 * restriction, which the sign-in then refuses as any other, or throw a 4xx/5xx itself.
 */
export type SignInGate = (account: GateAccount, moment: 'sign-up' | 'sign-in') => Promise<void>;

/** Holds the installed gate (none: every account passes). */
export function createSignInGateHolder() {
  let gate: SignInGate | undefined;
  return {
    set(next: SignInGate) {
      gate = next;
    },
    check: (account: GateAccount, moment: 'sign-up' | 'sign-in') =>
      gate ? gate(account, moment) : Promise.resolve(),
  };
}

/** What the player chose in the sign-up form beyond their account: a deposit limit (optional). */
export interface SignUpChoices {
  depositLimit?: SignUpDepositLimit;
}

/**
 * What another module does with the sign-up's choices once the account exists (responsible gaming sets the
 * deposit limit). Asked after the gate, before the confirmation is sent: a limit chosen is in force from the
 * first sign-in.
 */
export type SignUpChoicesHandler = (account: GateAccount, choices: SignUpChoices) => Promise<void>;

/** Holds the installed handler (none: the choices are not kept). */
export function createSignUpChoicesHolder() {
  let handler: SignUpChoicesHandler | undefined;
  return {
    set(next: SignUpChoicesHandler) {
      handler = next;
    },
    apply: (account: GateAccount, choices: SignUpChoices) =>
      handler ? handler(account, choices) : Promise.resolve(),
  };
}
