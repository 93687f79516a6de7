import { type PostCategory, postCategories } from '@paws/contracts/news';
import { type StaffPost, type StaffPostBody, staffPostBodySchema } from '@paws/contracts/staff-news';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  ErrorView,
  Field,
  formatDateTime,
  Input,
  Loading,
  localTimeHint,
  PageHeader,
  Select,
  Textarea,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { usePost, useSavePost, useSetArchived, useUploadMedia } from '../api/posts';
import { categoryLabels, statusLabels, statusTones } from './labels';
import { MarkdownPreview } from './markdown-preview';

type Mode = 'draft' | 'now' | 'schedule' | 'keep';
interface PostValues {
  title: string;
  category: PostCategory;
  content: string;
  mediaKey: string | null;
  mode: Mode;
  /** A datetime-local value, in the browser's time zone. */
  scheduleAt: string;
}
type FieldName = 'title' | 'category' | 'content' | 'mediaKey' | 'scheduleAt';
const fieldOf: Record<string, FieldName> = {
  title: 'title',
  category: 'category',
  content: 'content',
  mediaKey: 'mediaKey',
  publicationDate: 'scheduleAt',
};

function localInput(at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

function toBody(values: PostValues, post: StaffPost | undefined): StaffPostBody {
  let publicationDate: string | null = null;
  if (values.mode === 'now') publicationDate = new Date().toISOString();
  if (values.mode === 'keep') publicationDate = post?.publicationDate ?? null;
  if (values.mode === 'schedule') {
    const at = new Date(values.scheduleAt);
    publicationDate = Number.isNaN(at.getTime()) ? values.scheduleAt : at.toISOString();
  }
  return {
    title: values.title,
    category: values.category,
    content: values.content,
    mediaKey: values.mediaKey,
    publicationDate,
  };
}

/** Write a new post or edit one: markdown with a live preview, media, publish now, schedule or keep a draft. */
export default function PostEditorPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const post = usePost(id);
  // Kept here (and carried over from /news/new) so that the editor, remounted on the saved post, still says so.
  const [saved, setSaved] = useState<string | null>(
    (useLocation().state as { saved?: string } | null)?.saved ?? null,
  );
  if (id !== null && post.isPending) return <Loading />;
  if (id !== null && post.isError)
    return <ErrorView message={errorOf(post.error).message} onRetry={() => post.refetch()} />;
  return (
    <PostEditor key={post.data?.updatedAt ?? 'new'} post={post.data} saved={saved} setSaved={setSaved} />
  );
}

function PostEditor({
  post,
  saved,
  setSaved,
}: {
  post: StaffPost | undefined;
  saved: string | null;
  setSaved: (message: string | null) => void;
}) {
  const navigate = useNavigate();
  const save = useSavePost();
  const archive = useSetArchived();
  const upload = useUploadMedia();
  const [media, setMedia] = useState(
    post?.mediaKey ? { url: post.mediaContentUrl ?? '', type: post.mediaType ?? 'IMAGE' } : null,
  );
  const form = useForm<PostValues>({
    defaultValues: {
      title: post?.title ?? '',
      category: post?.category ?? 'ANNOUNCEMENT_ABOUT_US',
      content: post?.content ?? '',
      mediaKey: post?.mediaKey ?? null,
      mode: post?.status === 'PUBLISHED' ? 'keep' : post?.status === 'SCHEDULED' ? 'schedule' : 'draft',
      scheduleAt: localInput(
        post?.status === 'SCHEDULED' ? new Date(post.publicationDate) : new Date(Date.now() + 3_600_000),
      ),
    },
    resolver: contractResolver<PostValues>(staffPostBodySchema, (values) => toBody(values, post), fieldOf),
  });
  const { errors } = form.formState;
  const mode = form.watch('mode');
  const content = form.watch('content');

  const submit = form.handleSubmit(async (values) => {
    setSaved(null);
    try {
      const result = await save.mutateAsync({ id: post?.id ?? null, body: toBody(values, post) });
      const message = `Saved: ${statusLabels[result.status]}`;
      setSaved(message);
      if (!post) navigate(`/news/${result.id}`, { replace: true, state: { saved: message } });
    } catch (error) {
      const { message, field } = errorOf(error);
      const name = field ? fieldOf[field] : undefined;
      if (name) form.setError(name, { message });
      else form.setError('root.server', { message });
    }
  });

  async function onFile(file: File | undefined) {
    if (!file) return;
    try {
      const result = await upload.mutateAsync(file);
      form.setValue('mediaKey', result.mediaKey);
      setMedia({ url: result.mediaContentUrl, type: result.mediaType });
      form.clearErrors('mediaKey');
    } catch (error) {
      form.setError('mediaKey', { message: errorOf(error).message });
    }
  }

  return (
    <>
      <PageHeader title={post ? `Edit post #${post.id}` : 'New post'}>
        {post ? <Badge tone={statusTones[post.status]}>{statusLabels[post.status]}</Badge> : null}
      </PageHeader>
      <form onSubmit={submit} noValidate aria-label="Post">
        <Card title="Post">
          <Field label="Title" error={errors.title?.message}>
            {(props) => <Input {...props} maxLength={200} {...form.register('title')} />}
          </Field>
          <Field label="Category" error={errors.category?.message}>
            {(props) => (
              <Select {...props} {...form.register('category')}>
                {postCategories.map((c) => (
                  <option key={c} value={c}>
                    {categoryLabels[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(20rem, 1fr))',
              gap: '1rem',
            }}
          >
            <Field
              label="Content (markdown)"
              error={errors.content?.message}
              hint="Raw HTML is shown as text, never run."
            >
              {(props) => <Textarea {...props} rows={16} {...form.register('content')} />}
            </Field>
            <section aria-label="Preview">
              <h3>Preview</h3>
              <MarkdownPreview content={content} />
            </section>
          </div>
          <Field
            label="Image or video"
            error={errors.mediaKey?.message}
            hint="JPEG, PNG, WebP, GIF, MP4 or WebM, at most 25 MB; checked by its content."
          >
            {(props) => (
              <Input
                {...props}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm"
                disabled={upload.isPending}
                onChange={(e) => onFile(e.target.files?.[0])}
              />
            )}
          </Field>
          {upload.isPending ? <Loading label="Uploading…" /> : null}
          {media ? (
            <div style={{ display: 'flex', alignItems: 'end', gap: '1rem', margin: '0.5rem 0' }}>
              {media.type === 'VIDEO' ? (
                // biome-ignore lint/a11y/useMediaCaption: an editor's preview of the uploaded clip.
                <video src={media.url} controls width={320} />
              ) : (
                <img src={media.url} alt="The post's media" width={320} />
              )}
              <Button
                variant="ghost"
                onClick={() => {
                  form.setValue('mediaKey', null);
                  setMedia(null);
                }}
              >
                Remove media
              </Button>
            </div>
          ) : null}
        </Card>
        <Card title="Publication">
          <fieldset style={{ display: 'grid', gap: '0.25rem', border: 0, padding: 0 }}>
            <legend>When players see it</legend>
            {post?.status === 'PUBLISHED' ? (
              <label>
                <input type="radio" value="keep" {...form.register('mode')} /> Keep published (since{' '}
                {formatDateTime(post.publicationDate)})
              </label>
            ) : null}
            <label>
              <input type="radio" value="draft" {...form.register('mode')} /> Draft (not shown)
            </label>
            <label>
              <input type="radio" value="now" {...form.register('mode')} /> Publish now
            </label>
            <label>
              <input type="radio" value="schedule" {...form.register('mode')} /> Schedule
            </label>
          </fieldset>
          {mode === 'schedule' ? (
            <Field label="Publish at" error={errors.scheduleAt?.message} hint={localTimeHint()}>
              {(props) => (
                <Input {...props} type="datetime-local" step={1} {...form.register('scheduleAt')} />
              )}
            </Field>
          ) : null}
          {errors.root?.server ? (
            <p className="field-error" role="alert">
              {errors.root.server.message}
            </p>
          ) : null}
          {saved ? <p role="status">{saved}</p> : null}
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            <Button type="submit" busy={save.isPending}>
              Save
            </Button>
            {post ? (
              <Button
                variant={post.archivedAt ? 'secondary' : 'danger'}
                busy={archive.isPending}
                onClick={() => archive.mutate({ id: post.id, archived: !post.archivedAt })}
              >
                {post.archivedAt ? 'Restore' : 'Archive'}
              </Button>
            ) : null}
          </div>
          {archive.isError ? <p className="field-error">{errorOf(archive.error).message}</p> : null}
        </Card>
      </form>
    </>
  );
}
