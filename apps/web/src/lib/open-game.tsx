import { createContext, useContext } from 'react';

/** The game fields a tile or a search result carries. */
export interface OpenableGame {
  gameCode: string;
  providerCodeName: string;
  name: string;
}

/** Opens a game by the rules of spec 000 §4 (or, without a game, home scrolled to the games list). */
export type OpenGame = (game?: OpenableGame) => void | Promise<void>;

const OpenGameContext = createContext<OpenGame | null>(null);

/** app/ provides the games feature's opener, so that shell features (home, search) need not import it. */
export const OpenGameProvider = OpenGameContext.Provider;

export function useOpenGameAction(): OpenGame {
  const open = useContext(OpenGameContext);
  if (!open) throw new Error('useOpenGameAction needs an OpenGameProvider (app/root-layout)');
  return open;
}
