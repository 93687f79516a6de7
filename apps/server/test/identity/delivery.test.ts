import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../payments/helpers.ts';
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
  const failedOnce = new Set<string>();
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
            // The first SMS to a number ending in 99 meets an outage: the retry must deliver it.
            if (to.endsWith('99') && !failedOnce.has(to)) {
              failedOnce.add(to);
              throw new Error('SMS gateway unavailable');
            }
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
      ageConfirmed: true,
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

  it('leaves the outbox row undelivered when the server refuses it, and queues a retry', async () => {
    const email = `refuse-${Date.now()}@example.com`;
    expect((await register({ email })).statusCode).toBe(201);
    await ctx.app.messaging.idle();
    expect(received.some((m) => m.to.includes(email))).toBe(false);
    const row = await lastMessageTo(ctx.app, email);
    expect(row.deliveredAt).toBeNull();
    const [job] = await ctx.app.jobs.boss.findJobs('messages.deliver', { data: { outboxId: row.id } });
    expect(job).toMatchObject({ state: 'retry', retryLimit: 10 });
    expect(job?.startAfter.getTime()).toBeGreaterThan(Date.now());
  });

  it('delivers an SMS on a retry after the provider failed once, exactly once', async () => {
    const phone = `${uniqueAddress().phone.slice(0, -2)}99`;
    expect((await register({ phone })).statusCode).toBe(201);
    await ctx.app.messaging.idle();
    expect(failedOnce.has(phone)).toBe(true);
    await eventually(async () => expect((await lastMessageTo(ctx.app, phone)).deliveredAt).not.toBeNull());
    expect(sms.filter((m) => m.to === phone)).toHaveLength(1);
  });

  it('hands an SMS to the configured provider and marks the outbox row delivered', async () => {
    const { phone } = uniqueAddress();
    expect((await register({ phone })).statusCode).toBe(201);
    await ctx.app.messaging.idle();
    const row = await lastMessageTo(ctx.app, phone);
    expect(sms.filter((m) => m.to === phone)).toEqual([{ to: phone, text: row.body }]);
    expect(row.body).toMatch(/\b\d{6}\b/);
    expect(row.deliveredAt).not.toBeNull();
  });
});
