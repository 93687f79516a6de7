import { Paper } from '@mantine/core';
import { renderNotificationMessage } from '@paws/contracts/notifications-messages';
import {
  type BroadcastPreview,
  broadcastLanguageLabels,
  broadcastTranslationLanguages,
} from '@paws/contracts/staff-promotions';
import { formatDateTime } from '../../../components/ui';

const languages = ['en', ...broadcastTranslationLanguages] as const;

/** Who gets it and what each language's readers read (the English where a language was left empty). */
export function PreviewPanel({ preview, stale }: { preview: BroadcastPreview; stale: boolean }) {
  const { recipients, notification } = preview;
  const english = notification.notificationMessage;
  return (
    <Paper component="section" aria-label="Preview" className="card" p="md">
      <p>
        <strong>Recipients:</strong> {recipients.toLocaleString('en-GB')}{' '}
        {recipients === 1 ? 'player' : 'players'}
        {stale ? <span className="field-hint"> (the form changed since: preview again)</span> : null}
      </p>
      {languages.map((language) => {
        const name = broadcastLanguageLabels[language];
        const message = renderNotificationMessage(notification, language);
        const fallback = language !== 'en' && notification.messageParams?.[language] === undefined;
        return (
          <Paper
            component="article"
            p="md"
            key={language}
            aria-label={language === 'en' ? 'Notification as players see it' : `As ${name} readers see it`}
            className="card"
          >
            <p className="field-hint">
              {name}
              {fallback ? ' (none written: the English)' : ''} · Advertising ·{' '}
              {formatDateTime(notification.createdAt)}
            </p>
            <p>{language === 'en' ? english : message}</p>
            <p className="field-hint">The PAWS team</p>
          </Paper>
        );
      })}
    </Paper>
  );
}
