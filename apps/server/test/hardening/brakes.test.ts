import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastCodeTo,
  PASSWORD,
  signUpByPhone,
} from '../identity/helpers.ts';

describe('brakes on guessing that do not lock the owner out', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    ctx = await createIdentityTestApp({
      identity: {
        rateLimits: {
          login: { ip: { points: 100, durationSeconds: 60 }, account: { points: 5, durationSeconds: 60 } },
          verify: {
            ip: { points: 1000, durationSeconds: 60 },
            account: { points: 1000, durationSeconds: 60 },
          },
        },
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (phone: string, password: string, remoteAddress: string) =>
    browser(ctx.app).send({
      method: 'POST',
      url: `${ID}/auth/login`,
      payload: { phone, password, callbackUrl: `${LANDING}/callback/login` },
      remoteAddress,
    });

  it("a stranger's wrong passwords are braked without locking the owner out", async () => {
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    const stranger = [];
    for (let i = 0; i < 8; i++)
      stranger.push((await login(phone, 'Wrong#Pass1', '198.51.100.66')).statusCode);
    expect(stranger.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(stranger.slice(5)).toEqual([429, 429, 429]);
    ctx.clock.advance(61_000);
    const owner = await login(phone, PASSWORD, '203.0.113.20');
    expect(owner.statusCode).toBe(201);
  });

  it('an account takes at most twenty wrong codes a day, across codes', async () => {
    // Each sign-in from its own address, to stay clear of the password brake above.
    let address = 0;
    const nextAddress = () => `203.0.113.${100 + address++}`;
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    const b = browser(ctx.app);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      ctx.clock.advance(61_000);
      expect((await login(phone, PASSWORD, nextAddress())).statusCode).toBe(201);
      const code = await lastCodeTo(ctx.app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        statuses.push((await b.post(`${ID}/auth/login/verify`, { phone, otpPhone: wrong })).statusCode);
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    // Even the right code waits for tomorrow.
    ctx.clock.advance(61_000);
    await login(phone, PASSWORD, nextAddress());
    const right = await b.post(`${ID}/auth/login/verify`, {
      phone,
      otpPhone: await lastCodeTo(ctx.app, phone),
    });
    expect(right.json()).toEqual({
      statusCode: 429,
      message: 'Too many wrong codes today, please try again tomorrow',
      field: 'otpPhone',
    });
    ctx.clock.advance(24 * 60 * 60 * 1000);
    await login(phone, PASSWORD, nextAddress());
    const tomorrow = await b.post(`${ID}/auth/login/verify`, {
      phone,
      otpPhone: await lastCodeTo(ctx.app, phone),
    });
    expect(tomorrow.statusCode).toBeLessThan(300);
  });
});
