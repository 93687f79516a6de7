import { z } from 'zod';

/** Base paths of the spec's services under one origin. Both origins serve every service. */
export const serviceBasePaths = {
  identity: '/api/identity',
  platform: '/api/platform',
  notifications: '/api/notifications',
  tickets: '/api/tickets',
  bonuses: '/api/bonuses',
  news: '/api/news',
} as const;
export type ServiceName = keyof typeof serviceBasePaths;
export const serviceNames = Object.keys(serviceBasePaths) as ServiceName[];

/** What GET /config.json answers: the spec's runtime configuration (000 §3). */
export const runtimeConfigSchema = z.object({
  identityApiUrl: z.string(),
  platformApiUrl: z.string(),
  notificationsApiUrl: z.string(),
  ticketsApiUrl: z.string(),
  bonusesApiUrl: z.string(),
  newsApiUrl: z.string(),
  /** Origin that serves the notification and ticket sockets. */
  socketUrl: z.string(),
  platformUrl: z.string(),
  spaceUrl: z.string(),
  isPlatform: z.boolean(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** What GET /config.json answers on the back-office origin: its API and the two player faces it links to. */
export const backOfficeConfigSchema = z.object({
  face: z.literal('backoffice'),
  staffApiUrl: z.string(),
  /** Where a round's fairness verification and a player's pages live. */
  platformUrl: z.string(),
  spaceUrl: z.string(),
  /** Origin of the back office's sockets (the ticket desk); empty: the same origin. */
  socketUrl: z.string(),
});
export type BackOfficeConfig = z.infer<typeof backOfficeConfigSchema>;
