import { type ReactNode, type UIEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '@/components/ui/status-panel';
import styles from './history-page.module.css';

/** Spec 001 §9: the next page loads when the list is scrolled within 100 px of its bottom. */
export const NEXT_PAGE_THRESHOLD_PX = 100;

export interface HistoryListState {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

const nearBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= NEXT_PAGE_THRESHOLD_PX;

/** One history list: the rows, 'Loading...', 'Loading more...', the empty text, and infinite scroll. */
export function HistoryList({
  label,
  emptyText,
  query,
  rows,
}: {
  label: string;
  emptyText: string;
  query: HistoryListState;
  rows: ReactNode[];
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMore = (element: HTMLElement) => {
    if (hasNextPage && !isFetchingNextPage && nearBottom(element)) fetchNextPage();
  };

  // A page that does not fill the list leaves its bottom in reach without any scrolling.
  useEffect(() => {
    const element = ref.current;
    if (element && element.clientHeight > 0 && hasNextPage && !isFetchingNextPage && nearBottom(element))
      fetchNextPage();
  });

  if (query.isPending) return <p className={styles.message}>{t('history.loading')}</p>;
  if (query.isError) return <StatusPanel type="error" onRetry={() => query.refetch()} />;
  if (rows.length === 0) return <p className={styles.message}>{emptyText}</p>;
  return (
    <ul
      ref={ref}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus for the keyboard to scroll it (axe scrollable-region-focusable).
      tabIndex={0}
      className={styles.rows}
      onScroll={(event: UIEvent<HTMLUListElement>) => loadMore(event.currentTarget)}
    >
      {rows}
      {isFetchingNextPage ? (
        <li className={styles.more} aria-live="polite">
          {t('history.loadingMore')}
        </li>
      ) : null}
    </ul>
  );
}
