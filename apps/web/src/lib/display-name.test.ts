import { describe, expect, it } from 'vitest';
import { displayNameOf, initialOf, maskPhone } from './display-name';

describe('display names', () => {
  it('masks a phone-only account and keeps the username or e-mail otherwise', () => {
    expect(maskPhone('+447700900456')).toBe('+44 ••• ••• 456');
    expect(displayNameOf({ username: null, email: null, phone: '+447700900456' })).toBe('+44 ••• ••• 456');
    expect(displayNameOf({ username: 'lucky', email: 'a@b.c', phone: '+447700900456' })).toBe('lucky');
    expect(displayNameOf({ username: null, email: 'a@b.c', phone: null })).toBe('a@b.c');
  });

  it('takes the first letter for the avatar, none for a number', () => {
    expect(initialOf('lucky')).toBe('L');
    expect(initialOf('+44 ••• ••• 456')).toBeUndefined();
    expect(initialOf('élan')).toBe('É');
  });
});
