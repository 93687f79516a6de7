import {
  NEWS_DEFAULT_PAGE_SIZE,
  NEWS_FIRST_PAGE,
  NEWS_PAGE_SIZES,
  NEWS_SEARCH_DEBOUNCE_MS,
  NEWS_SEARCH_MAX,
  type PostCategory,
  postCategories,
} from '@paws/contracts/news';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Dropdown } from '@/components/ui/dropdown';
import { FilterChips } from '@/components/ui/filter-chips';
import { SearchIcon } from '@/components/ui/icons';
import { Pager } from '@/components/ui/pager';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { postsQueryOptions } from '../api/news';
import styles from './news.module.css';
import { NewsCard } from './news-card';

/** The value as it was `delay` ms after it last changed (spec 001 §5: news search waits 500 ms). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Spec 001 §9: total pages = ceil(total / page size). */
export const totalPages = (total: number, limit: number) => Math.max(0, Math.ceil(total / limit));

interface Shown {
  /** The filter these pages belong to: another filter starts again at page 1 with nothing accumulated. */
  key: string;
  from: number;
  to: number;
}

/**
 * Spec 001 §2 /news and §4 News list: search, category chips, page size; 'Show more' appends the next
 * page, the pager replaces the shown posts with one page; any filter change goes back to page 1.
 */
export function NewsPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const wide = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const [category, setCategory] = useState<PostCategory | ''>('');
  const [limit, setLimit] = useState<number>(NEWS_DEFAULT_PAGE_SIZE);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), NEWS_SEARCH_DEBOUNCE_MS);

  const key = JSON.stringify([category, search, limit]);
  const [shown, setShown] = useState<Shown>({ key, from: NEWS_FIRST_PAGE, to: NEWS_FIRST_PAGE });
  const range = shown.key === key ? shown : { key, from: NEWS_FIRST_PAGE, to: NEWS_FIRST_PAGE };
  // A new filter forgets the old pages for good: coming back to it starts at page 1 again.
  if (shown.key !== key) setShown(range);

  const pageNumbers = Array.from({ length: range.to - range.from + 1 }, (_, index) => range.from + index);
  const queries = useQueries({
    queries: pageNumbers.map((page) => postsQueryOptions({ category, search, limit, page })),
  });
  const first = queries[0];
  const last = queries.at(-1);
  const posts = queries.flatMap((query) => query.data?.posts ?? []);
  const total = queries.findLast((query) => query.data)?.data?.total ?? 0;
  const pages = totalPages(total, limit);
  const failed = queries.filter((query) => query.isError);

  let content = null;
  if (first?.isError) {
    content = <StatusPanel type="error" onRetry={() => first.refetch()} />;
  } else if (first?.isPending) {
    content = <PageSpinner />;
  } else if (posts.length === 0) {
    content = <StatusPanel type="empty" />;
  } else {
    content = (
      <>
        <ul className={styles.grid} aria-label={t('news.listLabel')}>
          {posts.map((post, index) => (
            <li key={post.id} className={index === 0 && wide ? styles.bannerItem : undefined}>
              <NewsCard post={post} banner={index === 0 && wide} />
            </li>
          ))}
        </ul>
        {failed.length > 0 ? (
          <StatusPanel
            type="error"
            onRetry={() => {
              for (const query of failed) void query.refetch();
            }}
          />
        ) : null}
        <div className={styles.listFoot}>
          {range.to < pages && failed.length === 0 ? (
            <Button
              variant="secondary"
              disabled={last?.isPending}
              onClick={() => setShown({ ...range, to: range.to + 1 })}
            >
              {last?.isPending ? t('news.loadingMore') : t('news.showMore')}
            </Button>
          ) : null}
          {pages > 1 ? (
            <Pager
              page={range.to}
              total={pages}
              onChange={(page) => {
                setShown({ key, from: page, to: page });
                window.scrollTo?.({ top: 0, behavior: 'smooth' });
              }}
            />
          ) : null}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('pages.news.heading')} lead={t('pages.news.lead')} />
      <div className={styles.page}>
        <div className={styles.toolbar}>
          <search className={styles.search}>
            <label htmlFor={searchId} className="visually-hidden">
              {t('news.searchLabel')}
            </label>
            <SearchIcon className={styles.searchIcon} size={18} />
            <input
              id={searchId}
              type="search"
              className={styles.searchInput}
              placeholder={t('news.searchPlaceholder')}
              value={text}
              maxLength={NEWS_SEARCH_MAX}
              autoComplete="off"
              enterKeyHint="search"
              onChange={(event) => setText(event.target.value)}
            />
          </search>
          <div className={styles.pageSize}>
            <span className={styles.pageSizeLabel} aria-hidden="true">
              {t('news.pageSize')}
            </span>
            <Dropdown
              label={t('news.pageSize')}
              options={NEWS_PAGE_SIZES.map((size) => ({ id: size, name: String(size) }))}
              value={limit}
              onChange={(size) => setLimit(size)}
              className={styles.pageSizeDropdown}
            />
          </div>
        </div>
        <FilterChips<PostCategory | ''>
          legend={t('news.categoryLabel')}
          options={(['', ...postCategories] as const).map((value) => ({
            value,
            label: t(`news.categories.${value || 'ALL'}`),
          }))}
          value={category}
          onChange={setCategory}
        />
        {content}
      </div>
    </>
  );
}
