/**
 * Spec 000 §3: phone prefixes with masks. '0' stands for a digit. The masks use spaces only, because the
 * shared phone rule accepts an optional plus, digits and spaces.
 */
export const phonePrefixes = [
  { prefix: '+44', mask: '0000 000000', example: '7700 900123' },
  { prefix: '+1', mask: '000 000 0000', example: '201 555 0123' },
  { prefix: '+7', mask: '000 000 00 00', example: '912 345 67 89' },
] as const;

export type PhonePrefix = (typeof phonePrefixes)[number]['prefix'];
export const defaultPhonePrefix: PhonePrefix = '+44';

export const maskOf = (prefix: PhonePrefix) =>
  phonePrefixes.find((entry) => entry.prefix === prefix)?.mask ?? phonePrefixes[0].mask;

/** Keeps the digits of `input` and lays them out on the mask; extra digits are dropped. */
export function applyPhoneMask(input: string, mask: string): string {
  const digits = input.replace(/\D/g, '');
  let out = '';
  let index = 0;
  for (const char of mask) {
    if (index >= digits.length) break;
    if (char === '0') {
      out += digits[index];
      index += 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** The number as sent: prefix, a space and the masked national part; empty when nothing was typed. */
export const fullPhone = (prefix: PhonePrefix, national: string) =>
  national.replace(/\D/g, '') ? `${prefix} ${national.trim()}` : '';

/** Splits a stored number ('+447700900123') into a known prefix and its masked national part. */
export function splitPhone(phone: string | null | undefined): { prefix: PhonePrefix; national: string } {
  const digits = (phone ?? '').replace(/\D/g, '');
  const match = phonePrefixes.find(({ prefix }) => digits.startsWith(prefix.slice(1)));
  if (!match)
    return { prefix: defaultPhonePrefix, national: applyPhoneMask(digits, maskOf(defaultPhonePrefix)) };
  return {
    prefix: match.prefix,
    national: applyPhoneMask(digits.slice(match.prefix.length - 1), match.mask),
  };
}

/**
 * The one way a phone number is shown (issue 31): its prefix and the national part on that prefix's mask,
 * '+447700900123' → '+44 7700 900123', as the phone field types it. A number of another country, or longer
 * than its mask, is shown as '+' and its digits.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return phone;
  const match = phonePrefixes.find(({ prefix }) => digits.startsWith(prefix.slice(1)));
  const national = match ? digits.slice(match.prefix.length - 1) : '';
  if (!match || national.length !== match.mask.replace(/[^0]/g, '').length) return `+${digits}`;
  return `${match.prefix} ${applyPhoneMask(national, match.mask)}`;
}
