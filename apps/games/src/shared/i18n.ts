/**
 * The game pages' language. The platform's game screen opens the frame with `?lang=<code>` (the game-frame
 * contract); a reload inside the frame keeps it (sessionStorage), and a page opened on its own follows the
 * browser. Texts are written in English in the code, wrapped in `tr()`, and looked up in the language's
 * dictionary (./locales): the English text is the key, `{name}` marks a value put in. A text missing from a
 * dictionary shows in English (a test keeps every dictionary complete). Texts that come from the studio API
 * (rules, paytables, error messages) go through the same dictionaries.
 */
import {
  GAME_FRAME_LANG_PARAM,
  type GameFrameLanguage,
  isGameFrameLanguage,
} from '@paws/contracts/game-frame';
import type { Dictionary } from './locales/dictionary.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { it } from './locales/it.ts';

export const dictionaries: Record<Exclude<GameFrameLanguage, 'en'>, Dictionary> = { es, fr, it };

const STORAGE_KEY = 'paws-studio:lang';

/** The language a page opened with `search` shows, from its address, then what it kept, then the browser. */
export function detectLanguage(
  search: string,
  stored: string | null,
  browser: readonly string[] = [],
): GameFrameLanguage {
  const asked = new URLSearchParams(search).get(GAME_FRAME_LANG_PARAM);
  if (isGameFrameLanguage(asked)) return asked;
  if (isGameFrameLanguage(stored)) return stored;
  for (const tag of browser) {
    const code = tag.slice(0, 2).toLowerCase();
    if (isGameFrameLanguage(code)) return code;
  }
  return 'en';
}

function readStored(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function initialLanguage(): GameFrameLanguage {
  if (typeof location === 'undefined') return 'en';
  const language = detectLanguage(
    location.search,
    readStored(),
    typeof navigator === 'undefined' ? [] : navigator.languages,
  );
  try {
    sessionStorage.setItem(STORAGE_KEY, language);
  } catch {
    /* private mode: the address still carries it */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return language;
}

let current: GameFrameLanguage = initialLanguage();

export const language = () => current;

/** For tests. */
export function setLanguage(next: GameFrameLanguage) {
  current = next;
}

const fill = (text: string, params?: Record<string, string | number>) =>
  params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole)) : text;

/** `text` (English, the key) in the page's language, with `{name}` filled from `params`. */
export function tr(text: string, params?: Record<string, string | number>): string {
  const translated = current === 'en' ? text : (dictionaries[current][text] ?? text);
  return fill(translated, params);
}

/**
 * A text of one game's rules or paytable: a dictionary may hold a game's own translation under
 * `<game code>|<text>` (roulette's 'Split' bet is not blackjack's 'Split' action).
 */
export function trGame(game: string, text: string): string {
  if (current === 'en') return text;
  return dictionaries[current][`${game}|${text}`] ?? tr(text);
}

/** The locale for numbers and dates. */
export const locale = () => ({ en: 'en-US', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' })[current];
