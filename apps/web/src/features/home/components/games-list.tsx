import type { GameCategory, GameKind } from '@paws/contracts/catalog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { CloseIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { GAMES_LIST_ANCHOR } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { useOpenGameAction } from '@/lib/open-game';
import { useVisibleOnce } from '@/lib/use-visible-once';
import { type Game, useCatalog } from '../api/get-catalog';
import styles from './games-list.module.css';

/** Spec 000 §9: the list loads when 80% visible; names are cut at 15 characters on tiles. */
export const GAMES_LIST_VISIBLE_RATIO = 0.8;
export const TILE_NAME_MAX = 15;
export const GAMES_PAGE = 12;

export const cutName = (name: string) =>
  name.length > TILE_NAME_MAX ? `${name.slice(0, TILE_NAME_MAX)}…` : name;

const chips: {
  key: 'favorites' | 'liveRoulette' | 'blackjack' | 'poker' | 'baccarat' | 'loto';
  category?: GameCategory;
}[] = [
  { key: 'favorites' },
  { key: 'liveRoulette', category: 'LIVE_ROULETTE' },
  { key: 'blackjack', category: 'BLACKJACK' },
  { key: 'poker', category: 'POKER' },
  { key: 'baccarat', category: 'BACCARAT' },
  { key: 'loto', category: 'LOTO' },
];

const kindKeys: Record<GameKind, 'live' | 'table' | 'slots' | 'bets'> = {
  LIVE: 'live',
  TABLE: 'table',
  SLOTS: 'slots',
  BETS: 'bets',
};
const isKind = (value: string | null): value is GameKind => value !== null && value in kindKeys;

/** Tiles in the first row on a wide screen: painted at once (the first is the page's largest paint). */
const EAGER_TILES = 4;

function GameTile({ game, index, onOpen }: { game: Game; index: number; onOpen: (game: Game) => void }) {
  return (
    <li>
      <button type="button" className={styles.tile} onClick={() => onOpen(game)} title={game.name}>
        <img
          src={game.imageUrl}
          alt=""
          loading={index < EAGER_TILES ? 'eager' : 'lazy'}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          width={300}
          height={400}
          className={styles.image}
        />
        {/* The cut name is what the eye reads; a screen reader hears the whole one (it starts the same). */}
        <span className={styles.tileName} aria-hidden="true">
          {cutName(game.name)}
        </span>
        <span className="visually-hidden">{game.name}</span>
        <span className={styles.provider}>{game.providerName}</span>
      </button>
    </li>
  );
}

/** The home games list at #games-list: category chips, tiles, the coming-soon and load-more tiles. */
export function GamesList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const openGame = useOpenGameAction();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const provider = params.get('provider') ?? undefined;
  const [chip, setChip] = useState<(typeof chips)[number]['key'] | null>(null);
  const [shown, setShown] = useState(GAMES_PAGE);
  const anchorRef = useRef<HTMLElement>(null);
  const directLink =
    location.hash === `#${GAMES_LIST_ANCHOR}` || params.has('kind') || params.has('provider');
  const visible = useVisibleOnce(anchorRef, { ratio: GAMES_LIST_VISIBLE_RATIO, skip: directLink });
  const category = chips.find((item) => item.key === chip)?.category;
  const query = {
    category,
    kind: isKind(kind) ? kind : undefined,
    provider,
    favorites: chip === 'favorites' ? ('true' as const) : undefined,
  };
  const { data, isPending, isError, error, refetch } = useCatalog(query, { enabled: visible });

  // Favourites need a player: a visitor gets the login modal through the navigation state flag.
  const unauthorised = chip === 'favorites' && isError && isApiClientError(error) && error.status === 401;
  useEffect(() => {
    if (!unauthorised) return;
    setChip(null);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { authModal: 'login' }, replace: true, preventScrollReset: true },
    );
  }, [unauthorised, navigate, location.pathname, location.search, location.hash]);

  const choose = (key: (typeof chips)[number]['key']) => {
    setChip((current) => (current === key ? null : key));
    setShown(GAMES_PAGE);
  };
  const clearFilter = () => {
    const next = new URLSearchParams(params);
    next.delete('kind');
    next.delete('provider');
    setParams(next, { preventScrollReset: true });
  };
  const open = (game: Game) => void openGame(game);
  const games = data ?? [];
  const filterLabel = isKind(kind)
    ? t(`bottomNav.${kindKeys[kind]}`)
    : provider
      ? t('bottomNav.studio')
      : null;

  return (
    <section
      id={GAMES_LIST_ANCHOR}
      ref={anchorRef}
      className={styles.games}
      aria-labelledby="games-list-heading"
    >
      <div className={styles.head}>
        <h2 id="games-list-heading" className={styles.heading}>
          {t('pages.home.gamesHeading')}
        </h2>
        {filterLabel ? (
          <button type="button" className={styles.filter} onClick={clearFilter}>
            {t('games.filteredBy', { filter: filterLabel })}
            <CloseIcon size={16} />
            <span className="visually-hidden">{t('games.clearFilter')}</span>
          </button>
        ) : null}
      </div>
      <fieldset className={styles.chips}>
        <legend className="visually-hidden">{t('pages.home.categories')}</legend>
        {chips.map((item) => (
          <button
            key={item.key}
            type="button"
            className={styles.chip}
            aria-pressed={chip === item.key}
            onClick={() => choose(item.key)}
          >
            {t(`pages.home.${item.key}`)}
          </button>
        ))}
      </fieldset>
      {!visible || (isPending && !unauthorised) ? (
        <div className={styles.placeholder}>
          <Spinner />
        </div>
      ) : isError && !unauthorised ? (
        <StatusPanel type="error" onRetry={() => void refetch()} />
      ) : (
        <ul className={styles.tiles} aria-label={t('pages.home.gamesHeading')}>
          {games.slice(0, shown).map((game, index) => (
            <GameTile key={game.id} game={game} index={index} onOpen={open} />
          ))}
          <li className={`${styles.tile} ${styles.soon}`}>
            <span className={styles.glyph} aria-hidden="true">
              ♠
            </span>
            <span className={styles.tileName}>{t('pages.home.comingSoon')}</span>
          </li>
          {games.length > shown ? (
            <li>
              <button
                type="button"
                className={`${styles.tile} ${styles.more}`}
                onClick={() => setShown((n) => n + GAMES_PAGE)}
              >
                <span className={styles.glyph} aria-hidden="true">
                  +
                </span>
                <span className={styles.tileName}>{t('pages.home.loadMore')}</span>
              </button>
            </li>
          ) : null}
        </ul>
      )}
      {visible && !isPending && !isError && games.length === 0 ? (
        <p className={styles.empty}>{t('games.empty')}</p>
      ) : null}
    </section>
  );
}
