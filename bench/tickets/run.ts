/**
 * Message latency of the tickets channel: BENCH_CHATS ticket chats at once (default 500), each with two
 * sockets on the same ticket — the sender and the other side (the same player's second device) — beside
 * the same measurement on a single process without Redis. On the two-process set-up the sender is on one
 * process and the other side on the other, so every message crosses the socket.io Redis adapter.
 *
 * Each round, every chat sends one ticketRequest at the same moment; a latency runs from the emit to the
 * other side's receiveTicketMessage of that message. Prints p50, p99 and max for both set-ups and their ratio.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:tickets -w @paws/bench
 *
 * Knobs: BENCH_CHATS (500), BENCH_ROUNDS (5).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import {
  type CreateTicketResponse,
  TICKETS_NAMESPACE,
  type TicketMessage,
  type TicketRequestAck,
} from '@paws/contracts/tickets';
import { io as connect, type Socket } from 'socket.io-client';
import { type BenchPerson, createPlayers, startServer } from '../lib/cluster.ts';
import { adminQuery, percentile, databaseUrl as urlOf } from '../lib/postgres.ts';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.error(
    'bench:tickets needs DATABASE_URL (a PostgreSQL server it may create databases on) and REDIS_URL.',
  );
  process.exit(2);
}
const chatCount = Number(process.env.BENCH_CHATS ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const secret = randomBytes(32).toString('hex');
const databaseName = `paws_bench_tickets_${Date.now()}`;
const databaseUrl = urlOf(adminUrl, databaseName);
const serve = (withRedis: boolean) =>
  startServer({ databaseUrl, secret, redisUrl: withRedis ? redisUrl : undefined });

interface Chat {
  player: BenchPerson;
  ticketId: string;
}

/** One ticket per player, opened through the real POST /tickets. */
async function openTickets(origin: string, players: BenchPerson[]): Promise<Chat[]> {
  const chats: Chat[] = [];
  for (let i = 0; i < players.length; i += 50) {
    const batch = await Promise.all(
      players.slice(i, i + 50).map(async (player) => {
        const res = await fetch(`${origin}/api/tickets/tickets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: player.cookie },
          body: JSON.stringify({
            nameOfUser: 'Bench player',
            email: player.email,
            invocationCategory: 'TECHNICAL_PROBLEM',
            message: 'The bench opens this chat.',
          }),
        });
        if (res.status !== 201) throw new Error(`POST /tickets answered ${res.status}: ${await res.text()}`);
        const { id } = (await res.json()) as CreateTicketResponse;
        return { player, ticketId: id };
      }),
    );
    chats.push(...batch);
  }
  return chats;
}

function join(origin: string, chat: Chat) {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(`${origin}${TICKETS_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      timeout: 20_000,
      auth: { ticketId: chat.ticketId },
      extraHeaders: { cookie: chat.player.cookie },
    });
    // Joined once the server has sent the chat so far.
    socket.once('getMessages', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.once('socketError', (error) => reject(new Error(JSON.stringify(error))));
  });
}

async function joinAll(chats: Chat[], senderOrigin: string, otherOrigin: string) {
  const pairs: Array<{ sender: Socket; other: Socket }> = [];
  for (let i = 0; i < chats.length; i += 50) {
    pairs.push(
      ...(await Promise.all(
        chats.slice(i, i + 50).map(async (chat) => ({
          sender: await join(senderOrigin, chat),
          other: await join(otherOrigin, chat),
        })),
      )),
    );
  }
  return pairs;
}

/** Rounds of one message per chat, all at once; round 0 warms up and is not counted. */
async function measure(pairs: Array<{ sender: Socket; other: Socket }>) {
  const latencies: number[] = [];
  for (let round = 0; round <= rounds; round++) {
    await Promise.all(
      pairs.map(
        ({ sender, other }, index) =>
          new Promise<void>((resolve, reject) => {
            const text = `round ${round} chat ${index}`;
            const timer = setTimeout(() => reject(new Error(`${text}: not received in 60 s`)), 60_000);
            const started = performance.now();
            const listener = (message: TicketMessage) => {
              if (message.message !== text) return;
              if (round > 0) latencies.push(performance.now() - started);
              clearTimeout(timer);
              other.off('receiveTicketMessage', listener);
              resolve();
            };
            other.on('receiveTicketMessage', listener);
            sender.emit('ticketRequest', { message: text }, (ack: TicketRequestAck) => {
              if (!ack.ok) reject(new Error(`${text}: refused ${ack.statusCode} ${ack.message}`));
            });
          }),
      ),
    );
  }
  return latencies.sort((a, b) => a - b);
}

const summary = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} messages)`;

async function run(processes: 1 | 2, chats: Chat[]) {
  const servers = await Promise.all(Array.from({ length: processes }, () => serve(processes === 2)));
  try {
    const [a, b = a] = servers.map((s) => s.origin) as [string, string?];
    const pairs = await joinAll(chats, a, b);
    try {
      return await measure(pairs);
    } finally {
      for (const { sender, other } of pairs) {
        sender.disconnect();
        other.disconnect();
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

console.log(
  `${chatCount} ticket chats, ${rounds} rounds of one message each, ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await adminQuery(adminUrl, `create database ${databaseName}`);
try {
  // The first start applies the migrations; the tickets are opened through it.
  const first = await serve(false);
  const { players } = await createPlayers(databaseUrl, secret, chatCount);
  const chats = await openTickets(first.origin, players);
  await first.stop();
  const cluster = await run(2, chats);
  console.log(`two processes + Redis adapter: ${summary(cluster)}`);
  const single = await run(1, chats);
  console.log(`one process, no Redis:         ${summary(single)}`);
  console.log(
    `ratio two/one: p50 ${(percentile(cluster, 50) / percentile(single, 50)).toFixed(2)}, p99 ${(percentile(cluster, 99) / percentile(single, 99)).toFixed(2)}`,
  );
} finally {
  await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
}
