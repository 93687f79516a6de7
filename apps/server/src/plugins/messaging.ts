import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { outboxMessages } from '../modules/outbox/schema.ts';

/** Sends a text message to a phone number. Without one configured, the outbox is the provider. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export interface Messaging {
  /** Records the e-mail in the outbox; with SMTP_URL set, also delivers it (in the background). */
  email(to: string, subject: string, text: string): Promise<void>;
  /** Records the SMS in the outbox; with a provider configured, also delivers it (in the background). */
  sms(to: string, text: string): Promise<void>;
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>;
}

export interface MessagingOptions {
  smsProvider?: SmsProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
  }
}

/**
 * Outgoing e-mail and SMS. Delivery happens after the request has answered, so a slow or failing mail
 * server neither delays the answer nor makes its timing tell whether an account exists; a message that
 * failed stays in the outbox without deliveredAt.
 */
export const messaging = fp(
  async (app: FastifyInstance, options: MessagingOptions) => {
    const { env } = app;
    const mailer = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
    const sms = options.smsProvider;
    const pending = new Set<Promise<void>>();

    const deliverLater = (outboxId: string, send: () => Promise<unknown>) => {
      const delivery = send()
        .then(async () => {
          await app.database.db
            .update(outboxMessages)
            .set({ deliveredAt: new Date() })
            .where(eq(outboxMessages.id, outboxId));
        })
        .catch((err: unknown) => app.log.error({ err, outboxId }, 'message delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    };

    const service: Messaging = {
      async email(to, subject, text) {
        const row = await app.outbox.enqueue({ channel: 'email', recipient: to, subject, body: text });
        if (mailer) deliverLater(row.id, () => mailer.sendMail({ from: env.MAIL_FROM, to, subject, text }));
      },
      async sms(to, text) {
        const row = await app.outbox.enqueue({ channel: 'sms', recipient: to, body: text });
        if (sms) deliverLater(row.id, () => sms.send(to, text));
      },
      async idle() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };
    app.decorate('messaging', service);
    app.addHook('onClose', async () => {
      await service.idle();
      mailer?.close();
    });
  },
  { name: 'messaging', dependencies: ['env', 'database'] },
);
