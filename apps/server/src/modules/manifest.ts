import type { DomainEvent, DomainEventName } from '@paws/contracts/events';
import { isNotableWin } from '@paws/contracts/notifications-constants';

/**
 * What each module brings, as data every process can read whether or not it runs the module. The event
 * dispatcher fans each event out to the subscribers declared here, so an event recorded in a process that
 * runs none of them still reaches the process that does.
 */
export const moduleNames = [
  'identity',
  'wallet',
  'payments',
  'kyc',
  'preferences',
  'bonuses',
  'notifications',
  'platform',
  'catalog',
  'studio',
  'staff',
  'reconciliation',
  'reports',
  'news',
  'tickets',
  'responsible-gaming',
] as const;
export type ModuleName = (typeof moduleNames)[number];

export interface ModuleSurface {
  /** Route prefixes it serves (every /api route of the app falls under exactly one module's). */
  routes: readonly string[];
  /** socket.io namespaces it serves. */
  sockets: readonly string[];
  /** Job queues it works (its event subscribers' queues are listed in `subscriptions`). */
  jobs: readonly string[];
}

/**
 * What a process serving the module brings (SERVICES=all, or a comma-separated list of these names). A
 * process builds every module's service, which other modules call in process; only the served ones
 * answer their routes and sockets and work their queues. The shared plugins (health, config, docs, the
 * e-mail and SMS delivery queue, the event dispatcher) run in every process.
 */
export const moduleSurfaces: Record<ModuleName, ModuleSurface> = {
  identity: { routes: ['/api/identity/'], sockets: [], jobs: [] },
  wallet: { routes: ['/api/wallet/'], sockets: [], jobs: [] },
  payments: {
    routes: ['/api/platform/users/deposit', '/api/platform/users/withdraw'],
    sockets: [],
    jobs: ['payments.settle', 'payments.sweep'],
  },
  kyc: {
    routes: ['/api/platform/verification-sessions', '/api/platform/kyc/', '/kyc-sandbox/'],
    sockets: [],
    jobs: [],
  },
  preferences: { routes: ['/api/platform/profile/preferences'], sockets: [], jobs: [] },
  bonuses: { routes: ['/api/bonuses/'], sockets: [], jobs: [] },
  notifications: {
    routes: ['/api/notifications/'],
    sockets: ['/notifications'],
    jobs: ['notifications.broadcast'],
  },
  platform: {
    routes: [
      '/api/platform/profile/user-data',
      '/api/platform/profile/balance-transactions',
      '/api/platform/profile/bets-transactions',
      '/api/platform/profile/game-sessions',
    ],
    sockets: [],
    jobs: [],
  },
  catalog: { routes: ['/api/platform/catalog'], sockets: [], jobs: [] },
  studio: { routes: ['/api/studio/'], sockets: ['/roulette'], jobs: ['studio.recover'] },
  staff: { routes: ['/api/staff/'], sockets: [], jobs: [] },
  // Its report and on-demand run are the back office's (/api/staff/reconciliation), served by staff.
  reconciliation: { routes: [], sockets: [], jobs: ['reconciliation.run'] },
  // Its screens are the back office's (/api/staff/dashboard, /reports, /games), served by staff.
  reports: { routes: [], sockets: [], jobs: ['reports.rollup'] },
  news: { routes: ['/api/news/'], sockets: [], jobs: [] },
  'responsible-gaming': {
    routes: ['/api/platform/profile/responsible-gaming'],
    sockets: [],
    jobs: ['responsible-gaming.apply-due', 'responsible-gaming.harm-score'],
  },
  // The desk's HTTP routes are the back office's (/api/staff/tickets, served by staff); its socket (path
  // /api/staff/socket.io, namespace /desk) is served here.
  tickets: { routes: ['/api/tickets/'], sockets: ['/tickets', '/desk'], jobs: ['tickets.auto-close'] },
};

export interface Subscription {
  module: ModuleName;
  events: readonly DomainEventName[];
  /** Narrows the events handed over (fewer to carry); the handler still sees only these names. */
  accepts?: (event: DomainEvent) => boolean;
}

export const subscriptions = {
  /** Bonus progress: bets, wins, rolled-back bets, deposits and the welcome tasks' account steps. */
  'bonuses.progress': {
    module: 'bonuses',
    events: [
      'wallet.moved',
      'payments.result',
      'identity.email_confirmed',
      'identity.phone_confirmed',
      'identity.username_set',
    ],
    accepts: (event) =>
      event.name !== 'wallet.moved' ||
      event.payload.kind === 'BET' ||
      event.payload.kind === 'WIN' ||
      event.payload.kind === 'ROLLBACK',
  },
  /** Sign-up codes: the promo code redeemed on confirmation, the referral rewards on a first deposit. */
  'bonuses.sign-up-codes': {
    module: 'bonuses',
    events: ['identity.email_confirmed', 'identity.phone_confirmed', 'payments.result'],
    accepts: (event) =>
      event.name !== 'payments.result' ||
      (event.payload.type === 'DEPOSIT' && event.payload.status === 'COMPLETED'),
  },
  /** The player's notices: payments, staff adjustments, big wins, security, bonuses, verification, support's answers, bans. */
  'notifications.notices': {
    module: 'notifications',
    events: [
      'wallet.moved',
      'payments.result',
      'identity.signed_in',
      'identity.password_changed',
      'bonuses.credited',
      'kyc.verification_result',
      'tickets.replied',
      'identity.banned',
      'identity.unbanned',
      'identity.factor_removed',
      'identity.passkey_blocked',
    ],
    // A win that carries its round's stake and is not notable never becomes a notice: no job for it.
    accepts: (event) =>
      (event.name !== 'wallet.moved' ||
        event.payload.kind === 'ADJUSTMENT' ||
        (event.payload.kind === 'WIN' &&
          event.payload.game !== undefined &&
          (event.payload.game.stake === undefined ||
            isNotableWin(event.payload.amount, event.payload.game.stake)))) &&
      (event.name !== 'identity.signed_in' || event.payload.newDevice),
  },
  /** The markers of harm's own facts: a player's real-money bets, wins, deposits and returned withdrawals per hour. */
  'responsible-gaming.harm-activity': {
    module: 'responsible-gaming',
    events: ['wallet.moved'],
    // Real money only: bonus money and points are not the player's own.
    accepts: (event) =>
      event.name === 'wallet.moved' &&
      event.payload.currency === 'USD' &&
      ['BET', 'WIN', 'ROLLBACK', 'DEPOSIT', 'WITHDRAW_RELEASE'].includes(event.payload.kind),
  },
  /** Ended sessions lose their open sockets, on every channel app.socketAuth guards. */
  'identity.session-sockets': { module: 'identity', events: ['identity.sessions_ended'] },
  /** The visitor's e-mail when support answers their ticket (with the private link). */
  'tickets.guest-mail': { module: 'tickets', events: ['tickets.guest_replied'] },
} as const satisfies Record<string, Subscription>;

export type SubscriberName = keyof typeof subscriptions;
export type SubscribedEvent<S extends SubscriberName> = DomainEvent<
  (typeof subscriptions)[S]['events'][number]
>;

/** The modules SERVICES names ('all', or a comma-separated list of module names). */
export function parseServices(services: string): Set<ModuleName> {
  const names = services
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0 || names.includes('all')) return new Set(moduleNames);
  const unknown = names.filter((n) => !(moduleNames as readonly string[]).includes(n));
  if (unknown.length > 0) throw new Error(`SERVICES names unknown modules: ${unknown.join(', ')}`);
  return new Set(names as ModuleName[]);
}
