import { NEWS_RECOMMENDED_COUNT } from '@paws/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { relatedPostsQueryOptions } from '../api/news';
import styles from './news.module.css';
import { NewsCard } from './news-card';

/** Spec 001 §2: 'You can be interested', 4 cards (real posts, same category first) with scroll buttons. */
export function RelatedPosts({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  const query = useQuery(relatedPostsQueryOptions(postId));
  const posts = (query.data?.posts ?? [])
    .filter((post) => post.id !== postId)
    .slice(0, NEWS_RECOMMENDED_COUNT);
  if (posts.length === 0) return null;

  const scroll = (direction: -1 | 1) => {
    const list = scroller.current;
    if (!list) return;
    const step = (list.firstElementChild as HTMLElement | null)?.offsetWidth ?? list.clientWidth;
    list.scrollBy?.({ left: direction * (step + 16), behavior: 'smooth' });
  };

  return (
    <section className={styles.related} aria-labelledby={headingId}>
      <div className={styles.relatedHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t('news.related')}
        </h2>
        <div className={styles.scrollButtons}>
          <button
            type="button"
            className={styles.scrollButton}
            aria-label={t('news.scrollLeft')}
            onClick={() => scroll(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={styles.scrollButton}
            aria-label={t('news.scrollRight')}
            onClick={() => scroll(1)}
          >
            ›
          </button>
        </div>
      </div>
      <ul ref={scroller} className={styles.relatedList} aria-label={t('news.related')}>
        {posts.map((post) => (
          <li key={post.id}>
            <NewsCard post={post} fixed />
          </li>
        ))}
      </ul>
    </section>
  );
}
