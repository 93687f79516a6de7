import { NEWS_FRAME_COUNT, type Post } from '@paws/contracts/news';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeartIcon } from '@/components/ui/icons';
import { EnlargeableImage } from '@/components/ui/lightbox';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { mediaUrl } from '../api/news';
import styles from './news.module.css';

/** Spec 001 §9: a card takes one of 5 decorative frames by its numeric id modulo 5. */
export const frameOf = (id: number) =>
  ((Math.trunc(id) % NEWS_FRAME_COUNT) + NEWS_FRAME_COUNT) % NEWS_FRAME_COUNT;

/** The first words of a post's markdown as plain text, for a card (React escapes it; nothing is parsed). */
export function excerpt(markdown: string, max = 160): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const EyeIcon = ({ size = 16 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);

export const ChatIcon = ({ size = 16 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    aria-hidden="true"
  >
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);

/** The media of a post: a picture or a video; nothing when the post has none. */
export function PostMedia({
  post,
  controls = false,
  enlargeable = false,
  className,
}: {
  post: Post;
  controls?: boolean;
  /** A picture opens in the lightbox (the post page); in a card the whole card is a link instead. */
  enlargeable?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const src = mediaUrl(post.mediaContentUrl);
  if (!src)
    return <div className={`${styles.media} ${styles.mediaEmpty} ${className ?? ''}`} aria-hidden="true" />;
  if (post.mediaType === 'VIDEO') {
    return (
      <video
        className={`${styles.media} ${className ?? ''}`}
        src={src}
        controls={controls}
        muted={!controls}
        playsInline
        preload="metadata"
        aria-label={t('news.video')}
      />
    );
  }
  if (enlargeable) {
    return (
      <EnlargeableImage
        triggerClassName={styles.mediaTrigger}
        className={`${styles.media} ${className ?? ''}`}
        src={src}
        alt={post.title}
      />
    );
  }
  return <img className={`${styles.media} ${className ?? ''}`} src={src} alt="" loading="lazy" />;
}

export function PostStats({ post }: { post: Post }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stats}>
      <span className={styles.stat}>
        <EyeIcon />
        <span className="visually-hidden">{t('news.views')}</span>
        {post.views}
      </span>
      <span className={styles.stat}>
        <HeartIcon size={16} filled={post.likedByUser} />
        <span className="visually-hidden">{t('news.likes')}</span>
        {post.likesCount}
      </span>
      <span className={styles.stat}>
        <ChatIcon />
        <span className="visually-hidden">{t('news.comments')}</span>
        {post.commentCount}
      </span>
    </span>
  );
}

/** A post in a list: the whole card links to /news/{id}; `banner` is the large first post on wide screens. */
export function NewsCard({
  post,
  banner = false,
  fixed = false,
}: {
  post: Post;
  banner?: boolean;
  fixed?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const frame = styles[`frame${frameOf(post.id)}`] ?? '';
  return (
    <Link
      to={paths.newsPost.getHref(post.id)}
      className={`${styles.card} ${frame} ${banner ? styles.banner : ''} ${fixed ? styles.fixedCard : ''}`}
      data-frame={frameOf(post.id)}
      data-banner={banner || undefined}
    >
      <PostMedia post={post} className={styles.cardMedia} />
      <span className={styles.cardBody}>
        <span className={styles.category}>{t(`news.categories.${post.category}`)}</span>
        <span className={styles.cardTitle}>{post.title}</span>
        <span className={styles.excerpt}>{excerpt(post.content, banner ? 280 : 140)}</span>
        <span className={styles.cardFoot}>
          <time dateTime={post.publicationDate}>
            {formatDate(post.publicationDate, { locale: i18n.language })}
          </time>
          <PostStats post={post} />
        </span>
      </span>
    </Link>
  );
}
