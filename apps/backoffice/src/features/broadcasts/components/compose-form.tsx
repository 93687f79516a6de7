import {
  BROADCAST_TEXT_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastComposeInput,
  type BroadcastPreview,
  type BroadcastSegment,
  broadcastComposeSchema,
  broadcastSegmentLabels,
  broadcastSegments,
} from '@paws/contracts/staff-promotions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Field, formatDateTime, Input, Select, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { broadcastsKey } from '../api/get-broadcasts';
import { usePreviewBroadcast } from '../api/preview-broadcast';
import { useSendBroadcast } from '../api/send-broadcast';

interface ComposeValues {
  title: string;
  text: string;
  segment: BroadcastSegment;
  activeDays?: number;
}
type FieldName = keyof ComposeValues;
const fieldNames: FieldName[] = ['title', 'text', 'segment', 'activeDays'];

const toBody = (values: ComposeValues): BroadcastComposeInput => ({
  title: values.title,
  text: values.text,
  segment: values.segment,
  ...(values.segment === 'ACTIVE' ? { activeDays: values.activeDays } : {}),
});

/** Compose, preview (count and rendering), then send; sending needs a preview of exactly what is sent. */
export function ComposeForm() {
  const client = useQueryClient();
  const preview = usePreviewBroadcast();
  const send = useSendBroadcast();
  const [previewed, setPreviewed] = useState<{ body: string; result: BroadcastPreview } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ComposeValues>({
    defaultValues: { title: '', text: '', segment: 'ALL', activeDays: 30 },
    resolver: contractResolver(broadcastComposeSchema, toBody),
  });
  const { errors } = form.formState;
  const segment = form.watch('segment');
  const current = JSON.stringify(toBody(form.watch()));
  const upToDate = previewed !== null && previewed.body === current;

  const refused = (error: unknown) => {
    const { message, field } = errorOf(error);
    if (field && (fieldNames as string[]).includes(field)) form.setError(field as FieldName, { message });
    else form.setError('root.server', { message });
  };

  const onPreview = form.handleSubmit(async (values) => {
    setSent(null);
    try {
      const body = toBody(values);
      setPreviewed({ body: JSON.stringify(body), result: await preview.mutateAsync(body) });
    } catch (error) {
      refused(error);
    }
  });

  const onSend = form.handleSubmit(async (values) => {
    if (!previewed) return;
    const count = previewed.result.recipients;
    if (
      !window.confirm(
        `Send this notification to ${count.toLocaleString('en-GB')} ${count === 1 ? 'player' : 'players'}?`,
      )
    )
      return;
    try {
      const broadcast = await send.mutateAsync(toBody(values));
      setSent(
        `Queued for ${broadcast.recipients.toLocaleString('en-GB')} players. The history shows when it has gone out.`,
      );
      setPreviewed(null);
      form.reset({ title: '', text: '', segment: values.segment, activeDays: values.activeDays });
      // The job writes the rows within seconds: look again for its status.
      for (const delay of [1_500, 5_000]) {
        setTimeout(() => client.invalidateQueries({ queryKey: [broadcastsKey] }), delay);
      }
    } catch (error) {
      refused(error);
    }
  });

  return (
    <Card title="Compose">
      <form onSubmit={onPreview} noValidate>
        <Field label="Title" error={errors.title?.message}>
          {(props) => <Input {...props} maxLength={BROADCAST_TITLE_MAX} {...form.register('title')} />}
        </Field>
        <Field label="Text" error={errors.text?.message} hint="Players read 'Title: text' as one message.">
          {(props) => <Textarea {...props} maxLength={BROADCAST_TEXT_MAX} {...form.register('text')} />}
        </Field>
        <Field label="Segment" error={errors.segment?.message}>
          {(props) => (
            <Select {...props} {...form.register('segment')}>
              {broadcastSegments.map((s) => (
                <option key={s} value={s}>
                  {broadcastSegmentLabels[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {segment === 'ACTIVE' ? (
          <Field label="Active in the last (days)" error={errors.activeDays?.message}>
            {(props) => (
              <Input
                {...props}
                type="number"
                min="1"
                step="1"
                {...form.register('activeDays', { valueAsNumber: true })}
              />
            )}
          </Field>
        ) : null}
        {errors.root?.server ? (
          <p className="field-error" role="alert">
            {errors.root.server.message}
          </p>
        ) : null}
        <div className="row">
          <Button type="submit" variant="secondary" busy={preview.isPending}>
            Preview
          </Button>
          <Button onClick={onSend} disabled={!upToDate} busy={send.isPending}>
            Send
          </Button>
          {!upToDate ? <span className="field-hint">Preview what you send first.</span> : null}
        </div>
        {sent ? <p role="status">{sent}</p> : null}
      </form>
      {previewed ? <PreviewPanel preview={previewed.result} stale={!upToDate} /> : null}
    </Card>
  );
}

function PreviewPanel({ preview, stale }: { preview: BroadcastPreview; stale: boolean }) {
  const { recipients, notification } = preview;
  return (
    <section aria-label="Preview" className="card">
      <p>
        <strong>Recipients:</strong> {recipients.toLocaleString('en-GB')}{' '}
        {recipients === 1 ? 'player' : 'players'}
        {stale ? <span className="field-hint"> (the form changed since: preview again)</span> : null}
      </p>
      <article aria-label="Notification as players see it" className="card">
        <p className="field-hint">Advertising · {formatDateTime(notification.createdAt)}</p>
        <p>{notification.notificationMessage}</p>
        <p className="field-hint">The PAWS team</p>
      </article>
    </section>
  );
}
