import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/db/seed.ts';
import {
  type Browser,
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  lastLinkTo,
  messagesTo,
  PLATFORM,
  PLATFORM_HOST,
  signUpByEmail,
  signUpByPhone,
  tokenOf,
  userData,
} from './helpers.ts';

const edit = (b: Browser, field: string, value: unknown, callbackUrl?: string) =>
  b.post(`${ID}/profile/edit/${field}`, { value, ...(callbackUrl ? { callbackUrl } : {}) });

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----paws${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const image = (format: 'jpeg' | 'png', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    [format]()
    .toBuffer();

let ctx: IdentityTestApp;
beforeAll(async () => {
  ctx = await createIdentityTestApp();
});
afterAll(() => ctx.close());

describe('profile edits', () => {
  it('need a signed-in player', async () => {
    expect((await edit(browser(ctx.app), 'username', 'nobody')).statusCode).toBe(401);
    expect((await browser(ctx.app).del(`${ID}/profile/avatar`)).statusCode).toBe(401);
    expect((await browser(ctx.app).get('/api/platform/profile/user-data')).statusCode).toBe(401);
  });

  it('username: 3 to 10 letters, digits or underscores, unique regardless of case', async () => {
    const a = browser(ctx.app);
    await signUpByEmail(ctx.app, a);
    const ok = await edit(a, 'username', 'Lucky_7');
    expect([ok.statusCode, ok.json()]).toEqual([201, { message: 'Username updated' }]);
    expect((await userData(a)).json().user.username).toBe('Lucky_7');

    const cases: Array<[string, string]> = [
      ['', 'Username is required'],
      ['ab', 'Username must be at least 3 characters'],
      ['  ab  ', 'Username must be at least 3 characters'],
      ['elevenchars', 'Username must be at most 10 characters'],
      ['bad name', 'Username may contain only letters, numbers and underscores'],
    ];
    for (const [value, message] of cases) {
      const res = await edit(a, 'username', value);
      expect([value, res.statusCode, res.json()]).toEqual([
        value,
        400,
        { statusCode: 400, message, field: 'value' },
      ]);
    }

    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    const taken = await edit(b, 'username', 'LUCKY_7');
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      { statusCode: 409, message: 'This username is already taken', field: 'value' },
    ]);
    // Keeping one's own name is no conflict.
    expect((await edit(a, 'username', 'lucky_7')).statusCode).toBe(201);
  });

  it('email: max 30, valid, unique; the new address is unconfirmed until its link is opened', async () => {
    const b = browser(ctx.app);
    const { email: oldEmail } = await signUpByEmail(ctx.app, b);
    const callbackUrl = `${PLATFORM}/profile/verify-email`;

    const long = `${'x'.repeat(19)}@example.com`; // 31 characters
    expect((await edit(b, 'email', long, callbackUrl)).json()).toEqual({
      statusCode: 400,
      message: 'Email must be at most 30 characters',
      field: 'value',
    });
    expect((await edit(b, 'email', 'not-an-email', callbackUrl)).json()).toEqual({
      statusCode: 400,
      message: 'Please enter a valid email',
      field: 'value',
    });
    expect((await edit(b, 'email', 'new@example.com')).json()).toEqual({
      statusCode: 400,
      message: 'Callback URL is required',
      field: 'callbackUrl',
    });
    expect((await edit(b, 'email', 'new@example.com', 'https://evil.example/x')).json()).toEqual({
      statusCode: 400,
      message: 'Invalid callback URL',
      field: 'callbackUrl',
    });
    const other = (await signUpByEmail(ctx.app, browser(ctx.app))).email;
    expect((await edit(b, 'email', other, callbackUrl)).json()).toEqual({
      statusCode: 409,
      message: 'An account with this email already exists',
      field: 'value',
    });

    const newEmail = `n${Date.now() % 100000}@example.com`;
    const res = await edit(b, 'email', newEmail, callbackUrl);
    expect([res.statusCode, res.json()]).toEqual([
      201,
      { message: 'Email updated. Please verify your new email.' },
    ]);
    expect((await userData(b)).json().user).toMatchObject({ email: newEmail, emailVerified: false });
    const link = await lastLinkTo(ctx.app, newEmail);
    expect(`${link.origin}${link.pathname}`).toBe(callbackUrl);
    // The old, confirmed address hears about it.
    expect((await messagesTo(ctx.app, oldEmail)).at(0)?.subject).toBe('Your PAWS email was changed');

    const verify = await browser(ctx.app).post(`${ID}/profile/verify-email`, { token: tokenOf(link) });
    expect([verify.statusCode, verify.json()]).toEqual([201, { message: 'Email verified' }]);
    expect((await userData(b)).json().user).toMatchObject({ email: newEmail, emailVerified: true });
    expect(
      (await browser(ctx.app).post(`${ID}/profile/verify-email`, { token: tokenOf(link) })).statusCode,
    ).toBe(400);
  });

  it('phone: the phone rules, stored normalized, unique', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    expect((await edit(b, 'phone', '+44 7700')).json()).toEqual({
      statusCode: 400,
      message: 'Please enter a valid phone number',
      field: 'value',
    });
    expect((await edit(b, 'phone', '+44 7700 900')).json()).toEqual({
      statusCode: 400,
      message: 'Please enter a complete phone number',
      field: 'value',
    });
    const { phone } = await signUpByPhone(ctx.app, browser(ctx.app));
    expect((await edit(b, 'phone', phone)).json()).toEqual({
      statusCode: 409,
      message: 'An account with this phone number already exists',
      field: 'value',
    });
    // Free: a code goes to it, the account keeps no phone until it is entered (test/identity/phone-change).
    const res = await edit(b, 'phone', '+1 555 010 9999');
    expect([res.statusCode, res.json()]).toEqual([
      201,
      {
        message: 'We sent a verification code to +15550109999. Enter it to confirm your new phone number.',
        codeSentTo: '+15550109999',
      },
    ]);
    expect((await userData(b)).json().user).toMatchObject({ phone: null, phoneVerified: false });
  });

  it('refuses an unknown field', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    expect((await edit(b, 'role', 'admin')).statusCode).toBe(400);
  });
});

describe('avatar', () => {
  let b: Browser;
  beforeAll(async () => {
    b = browser(ctx.app, PLATFORM_HOST);
    await signUpByEmail(ctx.app, b);
  });

  const upload = (filename: string, contentType: string, data: Buffer, field = 'avatar') =>
    b.send({ method: 'POST', url: `${ID}/profile/avatar`, ...multipart(field, filename, contentType, data) });
  const typeError = { statusCode: 400, message: 'Please select a JPEG or PNG image', field: 'avatar' };

  it('accepts a JPEG: a full image at most 1024 px and a 128 px square, served with a long cache', async () => {
    const res = await upload('photo.jpg', 'image/jpeg', await image('jpeg', 2000, 1500));
    expect(res.statusCode).toBe(201);
    const { linkFull, linkMinified } = res.json();
    expect(linkFull).toMatch(/^\/uploads\/avatars\/.+-full\.jpg$/);
    expect(linkMinified).toMatch(/^\/uploads\/avatars\/.+-small\.jpg$/);

    const full = await b.get(linkFull);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1024,
      height: 768,
    });
    const small = await b.get(linkMinified);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 128,
      height: 128,
    });

    expect((await userData(b)).json().user).toMatchObject({ linkFull, linkMinified });
  });

  it('accepts a PNG and replaces the previous files', async () => {
    const before = (await userData(b)).json().user;
    const res = await upload('pic.png', 'image/png', await image('png', 300, 200));
    expect(res.statusCode).toBe(201);
    const { linkFull, linkMinified } = res.json();
    expect(linkFull).toMatch(/\.png$/);
    expect(await sharp((await b.get(linkFull)).rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 300,
      height: 200,
    });
    expect(await sharp((await b.get(linkMinified)).rawPayload).metadata()).toMatchObject({
      width: 128,
      height: 128,
    });
    if (before.linkFull) {
      expect(existsSync(join(ctx.dataDir, before.linkFull))).toBe(false);
      expect((await b.get(before.linkFull)).statusCode).toBe(404);
    }
  });

  it('refuses a GIF and a text file named .png, by their bytes', async () => {
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const gifAsPng = await upload('cat.png', 'image/png', gif);
    expect([gifAsPng.statusCode, gifAsPng.json()]).toEqual([400, typeError]);
    const text = await upload('notes.png', 'image/png', Buffer.from('just some text, not an image'));
    expect([text.statusCode, text.json()]).toEqual([400, typeError]);
    // JPEG magic bytes followed by garbage do not decode.
    const broken = await upload(
      'x.jpg',
      'image/jpeg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64, 1)]),
    );
    expect([broken.statusCode, broken.json()]).toEqual([400, typeError]);
  });

  it('refuses a missing file or another field name', async () => {
    const wrongField = await upload('a.png', 'image/png', await image('png', 10, 10), 'picture');
    expect([wrongField.statusCode, wrongField.json()]).toEqual([400, typeError]);
    const json = await b.post(`${ID}/profile/avatar`, { avatar: 'x' });
    expect([json.statusCode, json.json()]).toEqual([400, typeError]);
  });

  it('refuses a file over 10 MB with the size message', async () => {
    const jpeg = await image('jpeg', 64, 64);
    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length, 0)]);
    const res = await upload('big.jpg', 'image/jpeg', big);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { statusCode: 400, message: 'Image must be less than 10MB', field: 'avatar' },
    ]);
    // Exactly 10 MB is still accepted.
    const exact = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 - jpeg.length, 0)]);
    expect((await upload('exact.jpg', 'image/jpeg', exact)).statusCode).toBe(201);
  });

  it('delete removes both files and the links', async () => {
    const { linkFull, linkMinified } = (
      await upload('p.png', 'image/png', await image('png', 50, 50))
    ).json();
    expect(existsSync(join(ctx.dataDir, linkFull))).toBe(true);
    const res = await b.del(`${ID}/profile/avatar`);
    expect(res.statusCode).toBe(204);
    expect(existsSync(join(ctx.dataDir, linkFull))).toBe(false);
    expect(existsSync(join(ctx.dataDir, linkMinified))).toBe(false);
    expect((await b.get(linkFull)).statusCode).toBe(404);
    expect((await userData(b)).json().user).toMatchObject({ linkFull: null, linkMinified: null });
  });
});

describe('seed', () => {
  it('is idempotent', async () => {
    const count = async () => (await ctx.app.database.db.query.users.findMany()).length;
    const before = await count();
    await seed(ctx.app.database.db, ctx.app.log);
    await seed(ctx.app.database.db, ctx.app.log);
    expect(await count()).toBe(before);
    const seeded = await ctx.app.database.db.query.users.findMany({
      where: (u, { like }) => like(u.email, '%@paws.local'),
    });
    expect(seeded.map((u) => u.email).sort()).toEqual(['demo@paws.local', 'manager@paws.local']);
  });
});
