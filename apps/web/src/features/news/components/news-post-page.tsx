import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Frame } from '@/components/ui/frame';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { parsePostId, postQueryOptions, useTogglePostLike } from '../api/news';
import { Comments, LikeButton } from './comments';
import { Markdown } from './markdown';
import styles from './news.module.css';
import { ChatIcon, EyeIcon, frameOf, PostMedia } from './news-card';
import { RelatedPosts } from './related-posts';

function PostView({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const query = useQuery(postQueryOptions(id));
  const like = useTogglePostLike(id);

  if (query.isPending) {
    return (
      <p role="status" className={styles.state}>
        {t('news.loading')}
      </p>
    );
  }
  if (query.isError) {
    const missing = isApiClientError(query.error) && [400, 404].includes(query.error.status);
    return missing ? <NotFound /> : <StatusPanel type="error" onRetry={() => query.refetch()} />;
  }
  const post = query.data;
  return (
    <div className={styles.postColumn}>
      <Frame
        as="article"
        className={`${styles.post} ${styles[`frame${frameOf(post.id)}`] ?? ''}`}
        aria-labelledby="post-title"
      >
        <PostMedia post={post} controls enlargeable className={styles.postMedia} />
        <div className={styles.postBody}>
          <span className={styles.category}>{t(`news.categories.${post.category}`)}</span>
          <h2 id="post-title" className={styles.postTitle}>
            {post.title}
          </h2>
          <p className={styles.postMeta}>
            <time dateTime={post.publicationDate}>
              {formatDate(post.publicationDate, { locale: i18n.language })}
            </time>
            <span className={styles.stat}>
              <EyeIcon />
              <span className="visually-hidden">{t('news.views')}</span>
              {post.views}
            </span>
          </p>
          <Markdown>{post.content}</Markdown>
          <div className={styles.bar}>
            <LikeButton
              liked={post.likedByUser}
              count={post.likesCount}
              signedIn={isSignedIn}
              pending={like.isPending}
              label={t('news.likePost')}
              onToggle={(liked) => like.mutate(liked)}
            />
            <a href="#comments" className={styles.commentLink}>
              <ChatIcon size={18} />
              <span className="visually-hidden">{t('news.comments')}</span>
              <span>{post.commentCount}</span>
            </a>
          </div>
        </div>
      </Frame>
      <Comments postId={post.id} signedIn={isSignedIn} />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <p role="alert" className={styles.state}>
      {t('news.notFound')}
    </p>
  );
}

/** Spec 001 §2 /news/{id}: the post, its like/comment bar, comments and related posts; a link back to News. */
export function NewsPostPage() {
  const { t } = useTranslation();
  const id = parsePostId(useParams().id);
  return (
    <>
      <PageHeader
        title={t('pages.newsPost.heading')}
        back={{ to: paths.news.getHref(), label: t('pages.newsPost.back') }}
      />
      <div className={styles.page}>
        {id === undefined ? (
          <NotFound />
        ) : (
          <>
            <PostView key={id} id={id} />
            <RelatedPostsIfFound id={id} />
          </>
        )}
      </div>
    </>
  );
}

/** The related block shows only once the post itself is there. */
function RelatedPostsIfFound({ id }: { id: number }) {
  const query = useQuery(postQueryOptions(id));
  return query.data ? <RelatedPosts postId={id} /> : null;
}
