import { Fieldset } from '@mantine/core';
import {
  BROADCAST_TEXT_MAX,
  BROADCAST_TITLE_MAX,
  type BroadcastComposeInput,
  type BroadcastPreview,
  type BroadcastSegment,
  type BroadcastTranslationLanguage,
  broadcastComposeSchema,
  broadcastLanguageLabels,
  broadcastSegmentLabels,
  broadcastSegments,
  broadcastTranslationLanguages,
} from '@paws/contracts/staff-promotions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Field, Input, Modal, Select, Textarea } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { contractResolver } from '../../../lib/contract-resolver';
import { broadcastsKey } from '../api/get-broadcasts';
import { usePreviewBroadcast } from '../api/preview-broadcast';
import { useSendBroadcast } from '../api/send-broadcast';
import { PreviewPanel } from './preview-panel';

type Translation = { title: string; text: string };

interface ComposeValues {
  title: string;
  text: string;
  segment: BroadcastSegment;
  activeDays?: number;
  translations: Record<BroadcastTranslationLanguage, Translation>;
}
type FieldName = 'title' | 'text' | 'segment' | 'activeDays' | `translations.${string}`;
const fieldNames = ['title', 'text', 'segment', 'activeDays'];
const isFieldName = (field: string): field is FieldName =>
  fieldNames.includes(field) || /^translations\.(es|fr|it)\.(title|text)$/.test(field);

const noTranslations = (): ComposeValues['translations'] => ({
  es: { title: '', text: '' },
  fr: { title: '', text: '' },
  it: { title: '', text: '' },
});

/** A language left empty is not sent: its readers get the English. */
const toBody = (values: ComposeValues): BroadcastComposeInput => {
  const translations = Object.fromEntries(
    Object.entries(values.translations ?? {}).filter(([, one]) => one.title.trim() || one.text.trim()),
  );
  return {
    title: values.title,
    text: values.text,
    segment: values.segment,
    ...(values.segment === 'ACTIVE' ? { activeDays: values.activeDays } : {}),
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  };
};

/** Compose, preview (count and rendering), then send; sending needs a preview of exactly what is sent. */
export function ComposeForm() {
  const client = useQueryClient();
  const preview = usePreviewBroadcast();
  const send = useSendBroadcast();
  const [previewed, setPreviewed] = useState<{ body: string; result: BroadcastPreview } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<ComposeValues>({
    defaultValues: { title: '', text: '', segment: 'ALL', activeDays: 30, translations: noTranslations() },
    resolver: contractResolver(broadcastComposeSchema, toBody),
  });
  const { errors } = form.formState;
  const segment = form.watch('segment');
  const current = JSON.stringify(toBody(form.watch()));
  const upToDate = previewed !== null && previewed.body === current;

  const refused = (error: unknown) => {
    const { message, field } = errorOf(error);
    if (field && isFieldName(field)) form.setError(field as never, { message });
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

  // Send asks first in the console's own dialog (a browser confirm box is easy to dismiss unseen).
  const onSend = form.handleSubmit(() => {
    if (previewed) setConfirming(true);
  });

  const onConfirm = form.handleSubmit(async (values) => {
    setConfirming(false);
    try {
      const broadcast = await send.mutateAsync(toBody(values));
      setSent(
        `Queued for ${broadcast.recipients.toLocaleString('en-GB')} players. The history shows when it has gone out.`,
      );
      setPreviewed(null);
      form.reset({
        title: '',
        text: '',
        segment: values.segment,
        activeDays: values.activeDays,
        translations: noTranslations(),
      });
      // The job writes the rows within seconds: look again for its status.
      for (const delay of [1_500, 5_000]) {
        setTimeout(() => client.invalidateQueries({ queryKey: [broadcastsKey] }), delay);
      }
    } catch (error) {
      refused(error);
    }
  });
  const count = previewed?.result.recipients ?? 0;

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
        {broadcastTranslationLanguages.map((language) => {
          const name = broadcastLanguageLabels[language];
          const failed = errors.translations?.[language];
          return (
            <Fieldset
              key={language}
              className="card"
              legend={`${name} (optional: without it, ${name} readers get the English)`}
            >
              <Field label={`${name} title`} error={failed?.title?.message}>
                {(props) => (
                  <Input
                    {...props}
                    maxLength={BROADCAST_TITLE_MAX}
                    {...form.register(`translations.${language}.title`)}
                  />
                )}
              </Field>
              <Field label={`${name} text`} error={failed?.text?.message}>
                {(props) => (
                  <Textarea
                    {...props}
                    maxLength={BROADCAST_TEXT_MAX}
                    {...form.register(`translations.${language}.text`)}
                  />
                )}
              </Field>
            </Fieldset>
          );
        })}
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
      <Modal title="Send broadcast" open={confirming} onClose={() => setConfirming(false)}>
        <p>
          Send this notification to {count.toLocaleString('en-GB')} {count === 1 ? 'player' : 'players'}? It
          cannot be taken back.
        </p>
        <div className="row">
          <Button onClick={onConfirm} busy={send.isPending}>
            Send now
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      </Modal>
    </Card>
  );
}
