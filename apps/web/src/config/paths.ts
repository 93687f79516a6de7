import { END_SESSION_PATH } from '@paws/contracts/session-links';

/**
 * Every client route of spec 000 §2 and 001 §2. `path` is the router pattern; `getHref()` builds a link.
 * Links and redirects use these helpers only, never hand-written strings.
 */

type Id = string | number;

const encodeId = (id: Id) => encodeURIComponent(String(id));

function withQuery(pathname: string, query: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

export const GAMES_LIST_ANCHOR = 'games-list';

/** Filters of the home games list carried in the query (bottom panel slots, header chips). */
export interface GamesFilter {
  kind?: 'LIVE' | 'TABLE' | 'SLOTS' | 'BETS';
  provider?: string;
  category?: string;
}

export interface GameQuery {
  gameCode: string;
  providerCodeName: string;
  title: string;
}

export interface VerifyQuery extends Partial<GameQuery> {
  authToken: string;
  fromPWA?: boolean;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  gamesList: {
    path: '/',
    getHref: (filter: GamesFilter = {}) => `${withQuery('/', { ...filter })}#${GAMES_LIST_ANCHOR}`,
  },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  contacts: { path: '/contacts', getHref: () => '/contacts' },
  faq: { path: '/faq', getHref: () => '/faq' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  responsibleGaming: { path: '/responsible-gaming', getHref: () => '/responsible-gaming' },
  forPartners: { path: '/for-partners', getHref: () => '/for-partners' },
  companyInformation: { path: '/company-information', getHref: () => '/company-information' },
  news: { path: '/news', getHref: () => '/news' },
  newsPost: { path: '/news/:id', getHref: (id: Id) => `/news/${encodeId(id)}` },
  game: { path: '/game', getHref: (query: GameQuery) => withQuery('/game', { ...query }) },
  verify: {
    path: '/verify',
    getHref: ({ fromPWA, ...query }: VerifyQuery) =>
      withQuery('/verify', { ...query, fromPWA: fromPWA ? 'true' : undefined }),
  },
  callbackLogin: { path: '/callback/login', getHref: () => '/callback/login' },
  callbackRegister: { path: '/callback/register', getHref: () => '/callback/register' },
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  endSession: { path: END_SESSION_PATH, getHref: () => END_SESSION_PATH },
  profile: { path: '/profile', getHref: () => '/profile' },
  profileAccount: { path: '/profile/account', getHref: () => '/profile/account' },
  profileBonuses: { path: '/profile/bonuses', getHref: () => '/profile/bonuses' },
  profileHistory: { path: '/profile/history', getHref: () => '/profile/history' },
  profileNotifications: { path: '/profile/notifications', getHref: () => '/profile/notifications' },
  profileNotification: {
    path: '/profile/notifications/:id',
    getHref: (id: Id) => `/profile/notifications/${encodeId(id)}`,
  },
  profileSupport: { path: '/profile/support', getHref: () => '/profile/support' },
  profileSupportTicket: {
    path: '/profile/support/:id',
    getHref: (id: Id) => `/profile/support/${encodeId(id)}`,
  },
  /** A visitor's ticket, behind the private link e-mailed to them (landing face). */
  supportGuestTicket: {
    path: '/support/ticket/:token',
    getHref: (token: string) => `/support/ticket/${encodeURIComponent(token)}`,
  },
} as const;
