// bench:platform's simulated players. Each does what a real one does, in this order: (a share of them)
// signs in with a password, reads its account and the lobby, opens the notifications socket, deposits once,
// opens Wild Paws through the studio's launch flow, then spins once a second (1 s ± 250 ms), reads its bet
// history every ~30 s and sends one support chat message at a random moment of its first minute.
// One scheduler tick drives every player: no timer per player.
import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import { STUDIO_API_PREFIX } from '@paws/contracts/studio-api';
import { io as connect, type Socket } from 'socket.io-client';
import type { BenchPerson } from '../lib/cluster.ts';
import type { Caller, HttpClient } from './http.ts';
import type { Recorder } from './metrics.ts';

export const BENCH_PASSWORD = 'Bench-password-1';
const STAKE = 0.2;
const DEPOSIT = 100;

interface Player extends Caller {
  person: BenchPerson;
  signsIn: boolean;
  socket?: Socket;
  playing: boolean;
  spinning: boolean;
  nextSpin: number;
  reading: boolean;
  nextHistory: number;
  ticketAt: number | undefined;
}

const jitter = (ms: number) => (Math.random() - 0.5) * 2 * ms;

export function playerPool(options: {
  origin: string;
  http: HttpClient;
  recorder: Recorder;
  people: BenchPerson[];
  /** Which of the people sign in with a password first (their hash is real). */
  signsIn: (index: number) => boolean;
}) {
  const { origin, http, recorder, people } = options;
  const players: Player[] = [];
  const starting: Array<{ at: number; player: Player }> = [];

  function openSocket(player: Player) {
    const started = performance.now();
    return new Promise<void>((resolve) => {
      const socket = connect(`${origin}${NOTIFICATIONS_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        timeout: 20_000,
        auth: { userId: player.person.userId, type: 'idle-tracker' },
        extraHeaders: {
          cookie: player.node ? `${player.cookie}; PAWS_NODE=${player.node}` : player.cookie,
          'x-forwarded-for': player.address,
        },
      });
      player.socket = socket;
      socket.once('connect', () => {
        recorder.add('socket', performance.now() - started);
        resolve();
      });
      socket.once('connect_error', (err) => {
        recorder.fail('socket', err.message);
        resolve();
      });
      socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') recorder.fail('socket', `disconnected: ${reason}`);
      });
    });
  }

  async function start(player: Player) {
    const { call } = http;
    if (player.signsIn) {
      await call('sign-in', player, 'POST', '/api/identity/auth/login', 201, {
        email: player.person.email,
        password: BENCH_PASSWORD,
        callbackUrl: `${origin}/`,
      });
    }
    await call('lobby', player, 'GET', '/api/platform/profile/user-data', 200);
    await call('lobby', player, 'GET', '/api/platform/catalog', 200);
    await openSocket(player);
    const depositStarted = performance.now();
    const heard = (notice: { notificationMessage?: string }) => {
      if (!notice.notificationMessage?.startsWith('Your deposit')) return;
      recorder.add('notice', performance.now() - depositStarted);
      player.socket?.off('newNotification', heard);
    };
    player.socket?.on('newNotification', heard);
    await call('deposit', player, 'POST', '/api/platform/users/deposit', 201, {
      amount: DEPOSIT,
      paymentMethod: 'CARD',
    });
    const launch = await call<{ url: string }>(
      'open-game',
      player,
      'POST',
      '/api/platform/catalog/game/url',
      201,
      {
        gameCode: 'wild-paws',
        providerCodeName: 'paws-studio',
      },
    );
    if (!launch) return;
    const params = new URL(launch.url, origin).searchParams;
    const host = params.get('host');
    const session = await call<{ sessionToken: string }>(
      'open-game',
      player,
      'POST',
      `${STUDIO_API_PREFIX}/session`,
      201,
      { launch: params.get('launch'), ...(host ? { host } : {}) },
    );
    if (!session) return;
    player.bearer = session.sessionToken;
    const now = performance.now();
    player.nextSpin = now + Math.random() * 1000;
    player.nextHistory = now + Math.random() * 30_000;
    player.ticketAt = now + Math.random() * 60_000;
    player.playing = true;
  }

  async function spin(player: Player, now: number) {
    player.spinning = true;
    // The next click a second after this one, or as soon as the answer comes if it is later.
    player.nextSpin = now + 1000 + jitter(250);
    await http.call(
      'spin',
      player,
      'POST',
      `${STUDIO_API_PREFIX}/wild-paws/spin`,
      201,
      { fund: 'cash', stake: STAKE },
      true,
    );
    player.spinning = false;
  }

  async function readHistory(player: Player, now: number) {
    player.reading = true;
    player.nextHistory = now + 30_000 + jitter(5000);
    await http.call('history', player, 'GET', '/api/platform/profile/bets-transactions?page=1&limit=10', 200);
    player.reading = false;
  }

  function sendTicket(player: Player) {
    player.ticketAt = undefined;
    void http.call('ticket', player, 'POST', '/api/tickets/tickets', 201, {
      nameOfUser: 'Bench player',
      email: player.person.email,
      invocationCategory: 'TECHNICAL_PROBLEM',
      message: 'My last spin took a while to show, is everything all right?',
    });
  }

  function tick() {
    const now = performance.now();
    while (starting.length > 0 && (starting[0]?.at ?? Number.POSITIVE_INFINITY) <= now) {
      void start((starting.shift() as { player: Player }).player);
    }
    for (const player of players) {
      if (!player.playing) continue;
      if (!player.spinning && now >= player.nextSpin) void spin(player, now);
      if (!player.reading && now >= player.nextHistory) void readHistory(player, now);
      if (player.ticketAt !== undefined && now >= player.ticketAt) sendTicket(player);
    }
  }
  const timer = setInterval(tick, 20);

  return {
    /** `count` more players, their starts spread over `overMs`. */
    add(count: number, overMs: number) {
      const now = performance.now();
      for (let i = 0; i < count; i++) {
        const index = players.length;
        const person = people[index];
        if (!person) throw new Error(`only ${people.length} players were created (BENCH_MAX_PLAYERS)`);
        const player: Player = {
          person,
          cookie: person.cookie,
          address: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          signsIn: options.signsIn(index),
          playing: false,
          spinning: false,
          nextSpin: 0,
          reading: false,
          nextHistory: 0,
          ticketAt: undefined,
        };
        players.push(player);
        starting.push({ at: now + (i / count) * overMs, player });
      }
    },
    get active() {
      return players.length;
    },
    get playing() {
      return players.filter((p) => p.playing).length;
    },
    stop() {
      clearInterval(timer);
      for (const player of players) player.socket?.disconnect();
    },
  };
}
