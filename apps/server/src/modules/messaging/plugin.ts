import nodemailer from 'nodemailer';
import { defineModule } from '../../core/module.ts';
import type { DbOrTx } from '../../db/client.ts';
import { devMailboxRoutes } from './dev-mailbox.ts';
import { createMailbox, type Mailbox } from './mailbox.ts';

/** Sends a text message to a phone number. Without one configured, the mailbox is where it stays. */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>;
}

export interface Messaging {
  /**
   * Records the e-mail in the mailbox; with SMTP_URL set, also queues its delivery. Given `tx`, both are
   * written in that transaction (the e-mail exists, and is sent, only if it commits).
   */
  email(to: string, subject: string, text: string, tx?: DbOrTx): Promise<void>;
  /** Records the SMS in the mailbox; with a provider configured, also queues its delivery (in `tx` if given). */
  sms(to: string, text: string, tx?: DbOrTx): Promise<void>;
  /** Resolves when every delivery queued so far has been tried at least once (tests). */
  idle(): Promise<void>;
}

export interface MessagingOptions {
  smsProvider?: SmsProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: Messaging;
    /** Every e-mail and SMS sent, newest first (the development mailbox at /api/dev/outbox, tests). */
    mailbox: Mailbox;
  }
}

const DELIVER_JOB = 'messages.deliver';

/**
 * Outgoing e-mail and SMS. Each message is written to the mailbox and, when a transport is configured, a
 * delivery job is queued: it runs after the request has answered (a slow or failing mail server neither
 * delays the answer nor makes its timing tell whether an account exists) and is retried with exponential
 * backoff (1 s doubling, up to 5 minutes, 10 attempts) until the transport takes it. Delivered rows carry
 * deliveredAt, so a job run twice sends nothing twice.
 */
export const messaging = (options: MessagingOptions = {}) =>
  defineModule({
    name: 'messaging',
    provides: ['messaging', 'mailbox'],
    uses: [],
    async register(app) {
      const { env } = app;
      const mailbox = createMailbox(app.database.db);
      const mailer = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
      const sms = options.smsProvider;

      await app.jobs.define<{ outboxId: string }>({
        name: DELIVER_JOB,
        concurrency: 2,
        handler: async ({ outboxId }) => {
          const row = await mailbox.find(outboxId);
          if (!row || row.deliveredAt) return;
          try {
            if (row.channel === 'email') {
              if (!mailer) return;
              await mailer.sendMail({
                from: env.MAIL_FROM,
                to: row.recipient,
                subject: row.subject ?? '',
                text: row.body,
              });
            } else {
              if (!sms) return;
              await sms.send(row.recipient, row.body);
            }
          } catch (err) {
            app.log.warn({ err, outboxId }, 'message delivery failed; it will be retried');
            throw err;
          }
          await mailbox.markDelivered(outboxId);
        },
      });

      const queue = (outboxId: string, tx?: DbOrTx) =>
        app.jobs.send(DELIVER_JOB, { outboxId }, tx ? { tx } : {});
      const service: Messaging = {
        async email(to, subject, text, tx) {
          const row = await mailbox.enqueue({ channel: 'email', recipient: to, subject, body: text }, tx);
          if (mailer) await queue(row.id, tx);
        },
        async sms(to, text, tx) {
          const row = await mailbox.enqueue({ channel: 'sms', recipient: to, body: text }, tx);
          if (sms) await queue(row.id, tx);
        },
        async idle() {
          // Every queued delivery has been tried at least once (a failed one waits for its retry).
          for (;;) {
            const jobs = await app.jobs.boss.findJobs(DELIVER_JOB, { limit: 100_000 });
            if (!jobs.some((job) => job.state === 'created' || job.state === 'active')) return;
            await new Promise((r) => setTimeout(r, 50));
          }
        },
      };
      app.decorate('messaging', service);
      app.decorate('mailbox', mailbox);
      app.addHook('onClose', async () => {
        mailer?.close();
      });
      if (!env.isProduction) await app.register(devMailboxRoutes, { prefix: '/api/dev', mailbox });
    },
  });
