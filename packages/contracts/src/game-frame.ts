/**
 * How a game page inside the game frame talks to the page that hosts it (the platform's game
 * screen), with `window.postMessage`. Without zod: the web app's game screen imports this.
 *
 * The frame learns its host's origin from its launch address: the provider adds
 * `?host=<origin>` (`GAME_FRAME_HOST_PARAM`) to the url it answers the catalogue with, and the page
 * posts only to that exact origin once the studio has confirmed it is one of the operator's faces
 * (never to '*'). The host accepts a message only from its frame's window and the origin of the
 * frame's address, and only in one of the shapes below.
 */

export const GAME_FRAME_HOST_PARAM = 'host';

/**
 * The player's language: the host adds `?lang=<code>` to the frame's address, and the game pages render
 * their texts (buttons, labels, rules and paytables, messages) in it; anything else falls back to English.
 * A change of language reloads the frame with the new code (the page keeps its session: see apps/games api).
 */
export const GAME_FRAME_LANG_PARAM = 'lang';
export const gameFrameLanguages = ['en', 'es', 'fr', 'it'] as const;
export type GameFrameLanguage = (typeof gameFrameLanguages)[number];

export const isGameFrameLanguage = (value: unknown): value is GameFrameLanguage =>
  typeof value === 'string' && (gameFrameLanguages as readonly string[]).includes(value);

/** The frame's address with the player's language added (an unknown language: English). */
export function withFrameLanguage(url: string, language: string | undefined, base?: string): string {
  const code = language?.slice(0, 2).toLowerCase();
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return url;
  parsed.searchParams.set(GAME_FRAME_LANG_PARAM, isGameFrameLanguage(code) ? code : 'en');
  return parsed.toString();
}

export const GAME_FRAME_BALANCE = 'paws:balance';

/** Sent after every balance change the page has from the server, so the host's header follows each round. */
export interface GameFrameBalanceMessage {
  type: typeof GAME_FRAME_BALANCE;
  /** The wallet currency code, e.g. 'USD'. */
  currency: string;
  /** Decimal amount, as the wallet answers it. */
  balance: number;
}

export type GameFrameMessage = GameFrameBalanceMessage;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isGameFrameMessage(data: unknown): data is GameFrameMessage {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case GAME_FRAME_BALANCE:
      return (
        typeof data.currency === 'string' &&
        /^[A-Z_]{1,16}$/.test(data.currency) &&
        typeof data.balance === 'number' &&
        Number.isFinite(data.balance) &&
        data.balance >= 0
      );
    default:
      return false;
  }
}

/**
 * The origin `value` names when it is exactly an http(s) origin (`https://host[:port]`, no path,
 * query or credentials), else null. `postMessage` needs an exact origin to be safe.
 */
export function hostOriginOf(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.origin === value.replace(/\/$/, '') ? url.origin : null;
}
