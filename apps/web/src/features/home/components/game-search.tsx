import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '@/components/ui/search-box';
import { Spinner } from '@/components/ui/spinner';
import { useOpenGameAction } from '@/lib/open-game';
import { useCatalog } from '../api/get-catalog';
import styles from './game-search.module.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_RESULTS_LIMIT = 8;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * 'Search for joy' (our decision, the spec does not say what it searches): the catalogue by game name,
 * matching games in a listbox under the box; choosing one opens the game by the opening rules.
 */
export function GameSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const openGame = useOpenGameAction();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isFetching, isError } = useCatalog({ search }, { enabled: search.length > 0 });
  const results = (data ?? []).slice(0, SEARCH_RESULTS_LIMIT);
  const showPopup = open && search.length > 0;

  useEffect(() => {
    if (!showPopup) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showPopup]);

  const choose = (index: number) => {
    const game = results[index];
    if (!game) return;
    setOpen(false);
    setText('');
    void openGame(game);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(results.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter' && showPopup && active >= 0) {
      event.preventDefault();
      choose(active);
    }
  };

  return (
    <div ref={rootRef} className={`${styles.root} ${className ?? ''}`}>
      <SearchBox
        onSearch={() => {
          if (results.length > 0) choose(Math.max(active, 0));
        }}
        inputProps={{
          value: text,
          role: 'combobox',
          'aria-expanded': showPopup,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': showPopup && active >= 0 ? `${listId}-${active}` : undefined,
          onChange: (event) => {
            setText(event.target.value);
            setActive(-1);
            setOpen(true);
          },
          onFocus: () => setOpen(true),
          onKeyDown,
        }}
      >
        <div className={styles.popup} hidden={!showPopup}>
          {isFetching && results.length === 0 ? (
            <Spinner className={styles.state} />
          ) : results.length === 0 ? (
            <p className={styles.state} role="status">
              {isError ? t('search.error') : t('search.noResults')}
            </p>
          ) : null}
          <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.list}>
            {results.map((game, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the combobox input.
              <div
                key={game.id}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={styles.option}
                onClick={() => choose(index)}
                onPointerEnter={() => setActive(index)}
              >
                <img src={game.imageUrl} alt="" width={40} height={40} loading="lazy" />
                <span className={styles.name}>{game.name}</span>
                <span className={styles.provider}>{game.providerName}</span>
              </div>
            ))}
          </div>
        </div>
      </SearchBox>
    </div>
  );
}
