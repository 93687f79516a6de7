/** Spec 000 §3: the landing URL's referralCode is kept in local storage and sent with a sign-up. */
export const REFERRAL_CODE_STORAGE_KEY = 'referralCode';

export function rememberReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('referralCode')?.trim();
  if (!code) return;
  try {
    localStorage.setItem(REFERRAL_CODE_STORAGE_KEY, code);
  } catch {
    // Storage disabled: the code is lost, the sign-up still works.
  }
}

export function readReferralCode(): string | undefined {
  try {
    return localStorage.getItem(REFERRAL_CODE_STORAGE_KEY) || undefined;
  } catch {
    return undefined;
  }
}
