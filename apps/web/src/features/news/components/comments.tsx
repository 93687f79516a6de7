import { COMMENT_MAX, type Comment } from '@paws/contracts/news';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { HeartIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  commentsQueryOptions,
  useAddComment,
  useDeleteComment,
  useEditComment,
  useToggleCommentLike,
} from '../api/news';
import { Markdown } from './markdown';
import styles from './news.module.css';

/** The player-facing reason a comment was refused: too fast (429), stopped from commenting (403), or other. */
function useCommentError() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (isApiClientError(error) && error.status === 429) return t('news.commentTooFast');
    if (isApiClientError(error) && error.status === 403) return t('news.commentBlocked');
    return t('news.commentFailed');
  };
}

/** Enter without Shift sends, as in the ticket chat. */
const sendOnEnter = (send: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    send();
  }
};

export function LikeButton({
  liked,
  count,
  signedIn,
  pending,
  onToggle,
  label,
}: {
  liked: boolean;
  count: number;
  signedIn: boolean;
  pending?: boolean;
  onToggle: (like: boolean) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.like} ${liked ? styles.liked : ''} ${signedIn ? '' : styles.dimmed}`}
      aria-pressed={liked}
      aria-disabled={!signedIn || pending}
      title={signedIn ? undefined : t('news.signInToLike')}
      onClick={() => {
        // Spec 001 §5: signed out the icon is dimmed and the action does nothing.
        if (signedIn && !pending) onToggle(!liked);
      }}
    >
      <HeartIcon size={18} filled={liked} />
      {/* The name is the label and the count a sighted player sees ("Like this post 3"), in that order. */}
      <span className="visually-hidden">{label}</span> <span>{count}</span>
    </button>
  );
}

function CommentItem({ comment, postId, signedIn }: { comment: Comment; postId: number; signedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const edit = useEditComment(postId);
  const remove = useDeleteComment(postId);
  const like = useToggleCommentLike(postId);
  const reason = useCommentError();
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // Deleting asks first: the comment and its likes are gone for good.
  const [confirming, setConfirming] = useState(false);
  const editId = useId();
  const editRef = useRef<HTMLTextAreaElement>(null);
  const editing = draft !== undefined;
  useEffect(() => {
    if (editing) editRef.current?.focus();
  }, [editing]);
  const author = comment.byUser ? t('news.you') : (comment.username ?? t('news.player'));

  const save = () => {
    const content = draft?.trim() ?? '';
    if (!content || edit.isPending) return;
    edit.mutate({ id: comment.id, content }, { onSuccess: () => setDraft(undefined) });
  };

  return (
    <li className={`${styles.comment} ${comment.byUser ? styles.ownComment : ''}`}>
      <article aria-label={t('news.commentBy', { author })}>
        <header className={styles.commentHead}>
          <span className={styles.commentAuthor}>{author}</span>
          <time dateTime={comment.createdAt} className={styles.commentTime}>
            {formatDateTime(comment.createdAt, { locale: i18n.language })}
          </time>
          {comment.editedAt ? <span className={styles.commentTime}>{t('news.edited')}</span> : null}
        </header>
        {draft === undefined ? (
          <Markdown variant="comment">{comment.content}</Markdown>
        ) : (
          <form
            className={styles.editForm}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <label htmlFor={editId} className="visually-hidden">
              {t('news.editLabel')}
            </label>
            <textarea
              ref={editRef}
              id={editId}
              className={styles.commentInput}
              value={draft}
              maxLength={COMMENT_MAX}
              rows={2}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setDraft(undefined);
                else sendOnEnter(save)(event);
              }}
            />
            <div className={styles.commentActions}>
              <Button type="submit" size="sm" disabled={!draft.trim() || edit.isPending}>
                {t('news.save')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setDraft(undefined)}>
                {t('news.cancel')}
              </Button>
            </div>
          </form>
        )}
        {edit.isError || remove.isError ? (
          <p role="alert" className={styles.error}>
            {reason(edit.error ?? remove.error)}
          </p>
        ) : null}
        <footer className={styles.commentActions}>
          <LikeButton
            liked={comment.likedByUser}
            count={comment.likesCount}
            signedIn={signedIn}
            pending={like.isPending}
            label={t('news.likeComment')}
            onToggle={(liked) => like.mutate({ id: comment.id, like: liked })}
          />
          {comment.byUser && signedIn && draft === undefined && confirming ? (
            <fieldset className={styles.confirmDelete}>
              <legend>{t('news.deleteConfirm')}</legend>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate(comment.id, { onSettled: () => setConfirming(false) })}
              >
                {t('news.deleteYes')}
              </Button>
              <Button variant="ghost" size="sm" autoFocus onClick={() => setConfirming(false)}>
                {t('news.deleteKeep')}
              </Button>
            </fieldset>
          ) : null}
          {comment.byUser && signedIn && draft === undefined && !confirming ? (
            <>
              <Button variant="ghost" size="sm" onClick={() => setDraft(comment.content)}>
                {t('news.edit')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                {t('news.delete')}
              </Button>
            </>
          ) : null}
        </footer>
      </article>
    </li>
  );
}

/** Spec 001 §2: the comments chat, without attachments; signed out the input is disabled. */
export function Comments({ postId, signedIn }: { postId: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const query = useQuery(commentsQueryOptions(postId));
  const add = useAddComment(postId);
  const reason = useCommentError();
  const [text, setText] = useState('');

  const send = () => {
    const content = text.trim();
    // Spec 001 §5: empty or whitespace-only text is not sent.
    if (!signedIn || !content || add.isPending) return;
    add.mutate(content, { onSuccess: () => setText('') });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  let list = null;
  if (query.isError) list = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  else if (query.isPending) list = <Spinner />;
  else if (query.data.comments.length === 0) list = <p className={styles.muted}>{t('news.noComments')}</p>;
  else
    list = (
      <ul className={styles.commentList} aria-label={t('news.comments')}>
        {query.data.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} postId={postId} signedIn={signedIn} />
        ))}
      </ul>
    );

  return (
    <section id="comments" className={styles.comments} aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`} className={styles.sectionTitle}>
        {t('news.comments')}
      </h2>
      {list}
      <form className={styles.commentForm} onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('news.commentLabel')}
        </label>
        <textarea
          id={inputId}
          className={styles.commentInput}
          placeholder={signedIn ? t('news.commentPlaceholder') : t('news.signInToComment')}
          disabled={!signedIn}
          value={text}
          maxLength={COMMENT_MAX}
          rows={2}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={sendOnEnter(send)}
          // The whole form, Send included, comes above the phone's bottom bar (html's scroll-padding).
          onFocus={(event) => event.currentTarget.form?.scrollIntoView({ block: 'nearest' })}
        />
        <Button type="submit" disabled={!signedIn || !text.trim() || add.isPending}>
          {t('news.send')}
        </Button>
      </form>
      {add.isError ? (
        <p role="alert" className={styles.error}>
          {reason(add.error)}
        </p>
      ) : null}
    </section>
  );
}
