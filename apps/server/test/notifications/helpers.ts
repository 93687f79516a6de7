import type { AddressInfo } from 'node:net';
import type { Notification, NotificationsResponse } from '@paws/contracts/notifications';
import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { App } from '../../src/app.ts';
import { type Browser, type browser, ID, type IdentityTestApp } from '../identity/helpers.ts';

export const NOTIFICATIONS_API = '/api/notifications';

export async function listOf(b: Browser, query = ''): Promise<NotificationsResponse> {
  const res = await b.get(`${NOTIFICATIONS_API}/notifications${query}`);
  if (res.statusCode !== 200) throw new Error(`list failed ${res.statusCode}: ${res.body}`);
  return res.json() as NotificationsResponse;
}

export async function originOf(app: App) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A socket on the notifications channel with the browser's cookies, as the client connects it. */
export function openChannel(
  origin: string,
  b: Browser,
  userId: string,
  sockets: Socket[],
  cookie: string | undefined = b.jar.header('/socket.io/'),
) {
  const socket = connect(`${origin}${NOTIFICATIONS_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    auth: { userId, type: 'idle-tracker' },
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  return socket;
}

export function nextEvent<T>(
  socket: Socket,
  event: string,
  accept: (payload: T) => boolean = () => true,
  ms = 5000,
) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

/** The handshake's refusal (connect_error) of a socket, with its data. */
export const refused = (socket: Socket) =>
  new Promise<Error & { data?: { statusCode: number } }>((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', resolve);
  });

export type { Notification };

/** Resets the password by the e-mailed code, as a player who forgot it would. */
export async function changePassword(
  ctx: IdentityTestApp,
  b: ReturnType<typeof browser>,
  email: string,
  newPassword: string,
) {
  expect((await b.post(`${ID}/auth/reset-password`, { email })).statusCode).toBe(201);
  const otpEmail = (await ctx.app.mailbox.latest(50))
    .find((m) => m.recipient === email)
    ?.body.match(/\b(\d{6})\b/)?.[1];
  const changed = await b.post(`${ID}/auth/reset-password/new-password`, { email, otpEmail, newPassword });
  expect(changed.statusCode).toBe(201);
}
