import { GamePage } from '@/features/game/components/game-page';
import { PlaySessionWatch } from '@/features/responsible-gaming/components/play-session-watch';

/** /game: the game page, with responsible gaming's session bar and reality checks for a signed-in player. */
export function GameRoute() {
  return <GamePage playSession={<PlaySessionWatch />} />;
}
