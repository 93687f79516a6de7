import { useTranslation } from 'react-i18next';
import styles from './pager.module.css';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * Spec 000 §9: 5 pages or fewer: all. Current page 3 or lower: 1 2 3 4 … last. Current within the last
 * 2 pages: 1 … and the last 4. Otherwise: 1 … current next … last.
 */
export function getPageList(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: Math.max(total, 0) }, (_, index) => index + 1);
  if (current <= 3) return [1, 2, 3, 4, 'ellipsis-end', total];
  if (current >= total - 1) return [1, 'ellipsis-start', total - 3, total - 2, total - 1, total];
  return [1, 'ellipsis-start', current, current + 1, 'ellipsis-end', total];
}

/** Spec 000 §5: a page is accepted only within 1..total and when it is not the current page. */
export const isAcceptedPage = (page: number, current: number, total: number) =>
  Number.isInteger(page) && page >= 1 && page <= total && page !== current;

export interface PagerProps {
  page?: number;
  total?: number;
  onChange: (page: number) => void;
  className?: string;
}

/** Default page 1 of 10. Previous does nothing on page 1, Next nothing on the last page. */
export function Pager({ page = 1, total = 10, onChange, className }: PagerProps) {
  const { t } = useTranslation();
  const go = (target: number) => {
    if (isAcceptedPage(target, page, total)) onChange(target);
  };
  return (
    <nav className={`${styles.pager} ${className ?? ''}`} aria-label={t('pager.label')}>
      <button
        type="button"
        className={styles.step}
        onClick={() => go(page - 1)}
        aria-disabled={page <= 1}
        aria-label={t('pager.previous')}
      >
        ‹
      </button>
      <ul className={styles.pages}>
        {getPageList(page, total).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={`${styles.page} ${item === page ? styles.current : ''}`}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: item })}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={styles.step}
        onClick={() => go(page + 1)}
        aria-disabled={page >= total}
        aria-label={t('pager.next')}
      >
        ›
      </button>
    </nav>
  );
}
