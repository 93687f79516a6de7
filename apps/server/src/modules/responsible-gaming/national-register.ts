/**
 * The national self-exclusion register (GAMSTOP in Great Britain), behind one interface: the built-in
 * sandbox (the default) or a real register over HTTP in the shape of GAMSTOP's API v2.
 */

/** Y: registered with a self-exclusion in force; N: not registered; P: previously excluded, now ended. */
export type RegisterAnswer = 'Y' | 'N' | 'P';

/** What we know of the person: sign-up asks for an e-mail or a phone only. */
export interface RegisterPerson {
  email: string | null;
  phone: string | null;
  /** A trace id the register keeps in its own log (ours: the account id, nothing personal). */
  traceId: string;
}

export interface RegisterResult {
  answer: RegisterAnswer;
  /** The register's id for this check (GAMSTOP's X-Unique-Id), kept as proof of the check. */
  reference: string | null;
}

/** Throws RegisterUnavailable when the register cannot be asked or answers nothing usable. */
export interface NationalRegister {
  readonly name: 'sandbox' | 'http';
  check(person: RegisterPerson): Promise<RegisterResult>;
}

export class RegisterUnavailable extends Error {}

/**
 * The sandbox register: deterministic on the address. An e-mail whose local part ends in '+selfexcluded'
 * (or a phone ending in 0000000) is registered (Y); '+wasexcluded' was (P); '+registerdown' makes the register
 * unreachable; everyone else is not registered (N).
 */
export const sandboxRegister: NationalRegister = {
  name: 'sandbox',
  async check({ email, phone, traceId }) {
    const local = email?.split('@')[0]?.toLowerCase() ?? '';
    if (local.endsWith('+registerdown')) throw new RegisterUnavailable('Sandbox register: down');
    const answer: RegisterAnswer =
      local.endsWith('+selfexcluded') || phone?.endsWith('0000000')
        ? 'Y'
        : local.endsWith('+wasexcluded')
          ? 'P'
          : 'N';
    return { answer, reference: `sandbox-${traceId}` };
  },
};

/** How long a register call may take before it counts as unreachable. */
const TIMEOUT_MS = 5000;

/**
 * A real register over HTTP as GAMSTOP's API v2 works: a form POST (firstName, lastName, dateOfBirth,
 * email, postcode, mobile: we send what we hold) with the operator's X-API-Key; the answer is the
 * X-Exclusion header (Y, N or P) and the check's id the X-Unique-Id header.
 */
export function httpRegister({ url, apiKey }: { url: string; apiKey: string }): NationalRegister {
  return {
    name: 'http',
    async check({ email, phone, traceId }) {
      const form = new URLSearchParams();
      if (email) form.set('email', email);
      if (phone) form.set('mobile', phone);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'X-API-Key': apiKey, 'X-Trace-Id': traceId },
          body: form,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new RegisterUnavailable(`Register unreachable: ${(error as Error).message}`);
      }
      await response.body?.cancel();
      const answer = response.headers.get('x-exclusion')?.trim().toUpperCase();
      if (!response.ok || (answer !== 'Y' && answer !== 'N' && answer !== 'P')) {
        throw new RegisterUnavailable(
          `Register answered ${response.status} with X-Exclusion '${answer ?? ''}'`,
        );
      }
      return { answer, reference: response.headers.get('x-unique-id') };
    },
  };
}

/** The register the environment names: HTTP when SELF_EXCLUSION_REGISTER_URL is set, else the sandbox. */
export function registerFromEnv(env: {
  SELF_EXCLUSION_REGISTER_URL?: string;
  SELF_EXCLUSION_REGISTER_KEY?: string;
}): NationalRegister {
  const { SELF_EXCLUSION_REGISTER_URL: url, SELF_EXCLUSION_REGISTER_KEY: apiKey } = env;
  return url && apiKey ? httpRegister({ url, apiKey }) : sandboxRegister;
}
