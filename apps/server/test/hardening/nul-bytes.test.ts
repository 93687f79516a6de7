import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE } from '../helpers/staff.ts';
import { createIdentityTestApp, ID, type IdentityTestApp, LANDING } from '../identity/helpers.ts';
import { STAFF, signedInNewPlayer, signedInStaff } from '../staff/helpers.ts';
import { txId, walletCall } from '../wallet/helpers.ts';

const NUL = '\u0000';
const refused = (field: string) => ({
  statusCode: 400,
  message: 'must not contain a NUL character',
  field,
});

describe('a NUL character in any field is a 400 naming the field, never a 500', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  });
  afterAll(() => ctx.close());

  it('in a query string: catalogue search, notifications search', async () => {
    const catalog = await ctx.app.inject({
      url: `/api/platform/catalog?search=paw${encodeURIComponent(NUL)}s`,
    });
    expect(catalog.statusCode).toBe(400);
    expect(catalog.json()).toEqual(refused('search'));

    const player = await signedInNewPlayer(ctx.app);
    const notifications = await player.b.get(
      `/api/notifications/notifications?search=${encodeURIComponent(NUL)}`,
    );
    expect(notifications.statusCode).toBe(400);
    expect(notifications.json()).toEqual(refused('search'));
  });

  it('in a JSON body: sign-in e-mail, game url fields, broadcast text', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: `${ID}/auth/login`,
      headers: { host: 'landing.test' },
      payload: {
        email: `a${NUL}@example.com`,
        password: 'Secret#123',
        callbackUrl: `${LANDING}/callback/login`,
      },
    });
    expect(login.json()).toMatchObject({ statusCode: 400, field: 'email' });

    const player = await signedInNewPlayer(ctx.app);
    const gameUrl = await player.b.post('/api/platform/catalog/game/url', {
      gameCode: `wild-paws${NUL}`,
      providerCodeName: 'PAWS',
    });
    expect(gameUrl.json()).toEqual(refused('gameCode'));

    const admin = await signedInStaff(ctx.app, 'admin');
    const broadcast = await admin.bo.post(`${STAFF}/broadcasts`, {
      title: 'News',
      text: `Hello${NUL}`,
      segment: 'ALL',
    });
    expect(broadcast.json()).toEqual(refused('text'));
  });

  it('in a seamless-wallet call, after its signature is checked', async () => {
    const body = {
      transactionId: txId(),
      roundId: `round${NUL}`,
      sessionToken: 'token',
      userId: randomUUID(),
      currency: 'USD',
      amount: 1,
      gameCode: 'wild-paws',
    };
    const unsigned = await walletCall(ctx, 'bet', body, { signature: null });
    expect(unsigned.statusCode).toBe(401);
    const signed = await walletCall(ctx, 'bet', body);
    expect(signed.statusCode).toBe(400);
    expect(signed.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'roundId' });
  });

  it('in the wallet provider path: refused before any route hook (the signature check looks it up)', async () => {
    const body = { sessionToken: 'token' };
    for (const signature of [undefined, null]) {
      const res = await walletCall(ctx, 'authenticate', body, { provider: 'PAWS%00', signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ...refused('provider'), code: 'VALIDATION_ERROR' });
    }
  });
});
