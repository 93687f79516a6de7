import type { Game } from '@paws/contracts/catalog';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridIcon, HeartIcon, MembersIcon, SparkIcon, StarIcon, TrophyIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { useGames } from '../api/get-games';
import { useRecommended } from '../api/get-recommended';
import { type OpenableGame, useOpenGameOrGamesList } from '../hooks/use-open-game-or-games-list';
import styles from './game-page.module.css';

export type PanelList = 'tournirs' | 'new' | 'favorites' | 'recommended';
type PanelButton = PanelList | 'games' | 'members';

const buttons: Array<{ key: PanelButton; Icon: ComponentType<{ size?: number }> }> = [
  { key: 'tournirs', Icon: TrophyIcon },
  { key: 'new', Icon: SparkIcon },
  { key: 'favorites', Icon: HeartIcon },
  { key: 'recommended', Icon: StarIcon },
  { key: 'games', Icon: GridIcon },
  { key: 'members', Icon: MembersIcon },
];

export interface GamePanelProps {
  layout: 'side' | 'top';
  /** The game on screen, left out of the lists. */
  current: { gameCode: string; providerCodeName: string };
  signedIn: boolean;
  /** Asks for the login modal (favourites and the members' area need a player). */
  onNeedsSignIn: () => void;
  /** Members: the player's own area. */
  onMembers: () => void;
  /** Called after any action, so the mobile panel can fold away. */
  onAction?: () => void;
}

/**
 * The side panel (desktop) and the content of the pulled-down panel (mobile): Tournirs, New, Favorites
 * and Recommended switch the list below; Games goes to the full lobby; Members opens the player's area.
 * The banner and the list open games on click.
 */
export function GamePanel({ layout, current, signedIn, onNeedsSignIn, onMembers, onAction }: GamePanelProps) {
  const { t } = useTranslation();
  const openGame = useOpenGameOrGamesList();
  const [list, setList] = useState<PanelList>('recommended');

  const press = (key: PanelButton) => {
    if (key === 'games') {
      openGame().catch(() => undefined);
      onAction?.();
      return;
    }
    if (key === 'members') {
      if (signedIn) onMembers();
      else onNeedsSignIn();
      onAction?.();
      return;
    }
    if (key === 'favorites' && !signedIn) {
      onNeedsSignIn();
      return;
    }
    setList(key);
  };

  // A failed handover (no auth token) leaves the player where they are.
  const open = (game: OpenableGame) => {
    openGame(game).catch(() => undefined);
    onAction?.();
  };

  return (
    <div className={layout === 'side' ? styles.side : styles.topContent}>
      <div className={styles.panelButtons} role="toolbar" aria-label={t('pages.game.panelLabel')}>
        {buttons.map(({ key, Icon }) => (
          <button
            key={key}
            type="button"
            className={styles.panelButton}
            aria-pressed={key === 'games' || key === 'members' ? undefined : list === key}
            onClick={() => press(key)}
          >
            <Icon size={20} />
            <span>{t(`pages.game.buttons.${key}`)}</span>
          </button>
        ))}
      </div>
      {layout === 'side' ? (
        <aside className={styles.banner}>
          <span className={styles.bannerKicker}>{t('pages.game.banner.kicker')}</span>
          <strong className={styles.bannerTitle}>{t('pages.game.banner.title')}</strong>
          <span className={styles.bannerText}>{t('pages.game.banner.text')}</span>
        </aside>
      ) : null}
      <section className={styles.listSection} aria-labelledby={`game-list-${layout}`}>
        <h2 id={`game-list-${layout}`} className={styles.listHeading}>
          {t(`pages.game.lists.${list}`)}
        </h2>
        <PanelGames list={list} current={current} signedIn={signedIn} layout={layout} onOpen={open} />
      </section>
    </div>
  );
}

function PanelGames({
  list,
  current,
  signedIn,
  layout,
  onOpen,
}: {
  list: PanelList;
  current: GamePanelProps['current'];
  signedIn: boolean;
  layout: GamePanelProps['layout'];
  onOpen: (game: OpenableGame) => void;
}) {
  const { t } = useTranslation();
  const recommended = useRecommended({ enabled: list === 'recommended' });
  const all = useGames({}, { enabled: list === 'new' });
  const favorites = useGames({ favorites: 'true' }, { enabled: list === 'favorites' && signedIn });

  if (list === 'tournirs') return <p className={styles.listNote}>{t('pages.game.noTournaments')}</p>;
  const query = list === 'recommended' ? recommended : list === 'favorites' ? favorites : all;
  if (query.isPending) {
    return (
      <div className={styles.listNote}>
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <p className={styles.listNote}>{t('pages.game.listError')}</p>;
  const games = (query.data ?? []).filter(
    (game) =>
      (list !== 'new' || game.isNew) &&
      !(
        game.providerCodeName === current.providerCodeName &&
        (game.gameCode === current.gameCode || game.id === current.gameCode)
      ),
  );
  if (games.length === 0) {
    return (
      <p className={styles.listNote}>
        {t(list === 'favorites' ? 'pages.game.noFavorites' : 'pages.game.emptyList')}
      </p>
    );
  }
  return (
    <ul className={layout === 'side' ? styles.list : styles.strip}>
      {games.map((game) => (
        <li key={game.id}>
          <GameItem game={game} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}

function GameItem({ game, onOpen }: { game: Game; onOpen: (game: OpenableGame) => void }) {
  return (
    <button type="button" className={styles.item} onClick={() => onOpen(game)}>
      <img src={game.imageUrl} alt="" width={60} height={80} className={styles.thumb} loading="lazy" />
      <span className={styles.itemText}>
        <span className={styles.itemName}>{game.name}</span>
        <span className={styles.itemProvider}>{game.providerName}</span>
      </span>
    </button>
  );
}
