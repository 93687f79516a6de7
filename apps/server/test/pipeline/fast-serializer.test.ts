import { userDataSchema } from '@paws/contracts/profile';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastSerializerCompiler } from '../../src/lib/fast-serializer.ts';

const compile = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (
    data: unknown,
  ) => string;

const user = {
  userId: '6f1c1ad8-4c1b-4d55-9a43-1d4f4b3c2a10',
  username: null,
  email: 'a@example.com',
  phone: null,
  linkMinified: null,
  linkFull: '/uploads/a.png',
  verificationType: 'NONE',
  isManager: false,
  role: 'player',
  emailVerified: true,
  phoneVerified: false,
  promoCode: null,
  referralCode: 'FRIEND',
  createdAt: '2026-11-27T18:00:00.000Z',
};
const balances = [{ currencyCode: 'USD', amount: 12.34, currency: { symbol: '$' } }];

describe('fast serialiser of zod response schemas', () => {
  it('writes what the zod serialiser writes: nulls, optional fields absent or present, nested objects', () => {
    const write = compile(userDataSchema);
    const ban = { reason: 'Spam', startedAt: '2026-11-27T18:00:00.000Z', endsAt: null };
    for (const data of [
      { user, balances },
      { user: { ...user, ban }, balances: [] },
      { user: { ...user, ban: { ...ban, kind: 'TIME_OUT', returnAllowedAt: null } }, balances },
    ]) {
      expect(JSON.parse(write(data))).toEqual(userDataSchema.parse(data));
    }
  });

  it('does not parse each answer (the fast path): a value zod would refuse is written as it is', () => {
    const write = compile(userDataSchema);
    expect(
      JSON.parse(write({ user: { ...user, verificationType: 'OTHER' }, balances })).user.verificationType,
    ).toBe('OTHER');
  });

  it('writes only the declared fields', () => {
    const write = compile(userDataSchema);
    const written = JSON.parse(write({ user: { ...user, passwordHash: 'secret' }, balances, extra: 1 }));
    expect(written.user).not.toHaveProperty('passwordHash');
    expect(written).not.toHaveProperty('extra');
  });

  it('keeps the zod serialiser, and its check, where JSON Schema cannot write the schema plainly', () => {
    const union = z.object({
      item: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
    });
    expect(() => compile(union)({ item: { c: true } })).toThrow();
    const transformed = z.object({ at: z.date().transform((date) => date.toISOString()) });
    expect(() => compile(transformed)({ at: 'not a date' })).toThrow();
    expect(JSON.parse(compile(union)({ item: { b: 2 } }))).toEqual({ item: { b: 2 } });
  });
});
