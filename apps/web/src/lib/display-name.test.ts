import { describe, expect, it } from 'vitest';
import { displayNameOf, initialOf } from './display-name';
import { formatPhone } from './phone';

describe('display names', () => {
  it('shows a phone-only account by its phone in the one phone format, else the username or e-mail', () => {
    expect(displayNameOf({ username: null, email: null, phone: '+447700900456' })).toBe('+44 7700 900456');
    expect(displayNameOf({ username: 'lucky', email: 'a@b.c', phone: '+447700900456' })).toBe('lucky');
    expect(displayNameOf({ username: null, email: 'a@b.c', phone: null })).toBe('a@b.c');
  });

  it('one phone format everywhere (issue 31): prefix and the mask the phone field types', () => {
    expect(formatPhone('+447700900456')).toBe('+44 7700 900456');
    expect(formatPhone('+44 7700 900456')).toBe('+44 7700 900456');
    expect(formatPhone('+12015550123')).toBe('+1 201 555 0123');
    expect(formatPhone('+79123456789')).toBe('+7 912 345 67 89');
    // Another country, or a length its mask does not fit: the digits as they are.
    expect(formatPhone('+33612345678')).toBe('+33612345678');
    expect(formatPhone('+4477009')).toBe('+4477009');
  });

  it('takes the first letter for the avatar, none for a number', () => {
    expect(initialOf('lucky')).toBe('L');
    expect(initialOf('+44 7700 900456')).toBeUndefined();
    expect(initialOf('élan')).toBe('É');
  });
});
