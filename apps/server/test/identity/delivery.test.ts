import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastMessageTo,
  PASSWORD,
  uniqueAddress,
} from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('message delivery', () => {
  const received: Received[] = [];
  const sms: Array<{ to: string; text: string }> = [];
  let server: SMTPServer;
  let ctx: IdentityTestApp;

  beforeAll(async () => {
    // A real SMTP server on loopback; it refuses recipients whose address starts with "refuse".
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(address.address.startsWith('refuse') ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.server.address() as AddressInfo;
    ctx = await createIdentityTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'PAWS <no-reply@paws.test>' },
      identity: {
        smsProvider: {
          async send(to, text) {
            sms.push({ to, text });
          },
        },
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((done) => server.close(() => done()));
  });

  const register = (body: { email?: string; phone?: string }) =>
    browser(ctx.app).post(`${ID}/auth/registration`, {
      ...body,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/register`,
    });

  it('sends the e-mail to a real SMTP server and marks the outbox row delivered', async () => {
    const { email } = uniqueAddress();
    expect((await register({ email })).statusCode).toBe(201);
    await ctx.app.messaging.idle();

    const mail = received.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('no-reply@paws.test');
    expect(mail?.data).toMatch(/^Subject: Confirm your email for PAWS\r?$/m);
    const row = await lastMessageTo(ctx.app, email);
    const token = new URL(row.body.match(/https?:\/\/\S+/)?.[0] ?? 'http://missing').searchParams.get(
      'token',
    );
    // Quoted-printable may fold long lines: unfold before looking for the token.
    expect(mail?.data.replace(/=\r?\n/g, '')).toContain(token);
    expect(row.deliveredAt).not.toBeNull();
  });

  it('leaves the outbox row undelivered when the server refuses it', async () => {
    const email = `refuse-${Date.now()}@example.com`;
    expect((await register({ email })).statusCode).toBe(201);
    await ctx.app.messaging.idle();
    expect(received.some((m) => m.to.includes(email))).toBe(false);
    expect((await lastMessageTo(ctx.app, email)).deliveredAt).toBeNull();
  });

  it('hands an SMS to the configured provider and marks the outbox row delivered', async () => {
    const { phone } = uniqueAddress();
    expect((await register({ phone })).statusCode).toBe(201);
    await ctx.app.messaging.idle();
    const row = await lastMessageTo(ctx.app, phone);
    expect(sms).toEqual([{ to: phone, text: row.body }]);
    expect(row.body).toMatch(/\b\d{6}\b/);
    expect(row.deliveredAt).not.toBeNull();
  });
});
