import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateTicketResponse, TicketMessage } from '@paws/contracts/tickets';
import { TICKETS_NAMESPACE } from '@paws/contracts/tickets';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../../src/app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { Browser } from '../identity/helpers.ts';

export const TICKETS = '/api/tickets/tickets';

/** The real app on a fresh database, with its files in a temporary folder. */
export async function createTicketsTestApp(overrides: Record<string, string | undefined> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'paws-tickets-'));
  const t = await createTestApp({ RATE_LIMIT_IP_SCALE: '20', DATA_DIR: dataDir, ...overrides });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TicketsTestApp = Awaited<ReturnType<typeof createTicketsTestApp>>;

export interface FormFile {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart body of text fields and files, as a browser's FormData sends it. */
export function form(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----paws${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pngOf = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
/** A Windows executable's first bytes (MZ header with a PE signature offset). */
export const exeBytes = () => {
  const data = Buffer.alloc(256);
  data.write('MZ', 0, 'latin1');
  data.writeUInt32LE(0x80, 0x3c);
  data.write('PE\0\0', 0x80, 'latin1');
  return data;
};

export const ticketFields = (overrides: Record<string, string> = {}) => ({
  nameOfUser: 'Alice',
  email: 'alice@example.com',
  invocationCategory: 'TECHNICAL_PROBLEM',
  message: 'The game froze after my bet',
  ...overrides,
});

export async function createTicket(b: Browser, fields: Record<string, string> = {}, files: FormFile[] = []) {
  const res = await b.send({ method: 'POST', url: TICKETS, ...form(ticketFields(fields), files) });
  if (res.statusCode !== 201) throw new Error(`ticket failed ${res.statusCode}: ${res.body}`);
  return res.json() as CreateTicketResponse;
}

export const patch = (b: Browser, url: string, payload?: object) =>
  b.send({ method: 'PATCH', url, ...(payload ? { payload } : {}) });

/** A socket on the tickets channel with the browser's cookies, as the client connects it. */
export function openTicketChannel(
  origin: string,
  auth: { ticketId: string; guestToken?: string },
  sockets: Socket[],
  cookie?: string,
) {
  const socket = connect(`${origin}${TICKETS_NAMESPACE}`, {
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    auth,
    extraHeaders: cookie ? { cookie } : {},
  });
  sockets.push(socket);
  return socket;
}

/** Connects and answers the getMessages list it hears on joining. */
export function joined(socket: Socket) {
  return new Promise<TicketMessage[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no getMessages within 5 s')), 5000);
    socket.once('getMessages', (messages: TicketMessage[]) => {
      clearTimeout(timer);
      resolve(messages);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export const cookieOf = (b: Browser) => b.jar.header('/socket.io/');

export async function statusOf(app: App, ticketId: string) {
  const ticket = await app.database.db.query.tickets.findFirst({ where: (t, { eq }) => eq(t.id, ticketId) });
  return ticket?.status;
}
