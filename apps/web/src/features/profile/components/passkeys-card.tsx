import { PASSKEY_NAME_MAX, type Passkey } from '@paws/contracts/passkeys';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { Modal } from '@/components/ui/modal';
import { formatDateTime } from '@/lib/format';
import { passkeyErrorText, passkeysAvailableHere } from '@/lib/passkeys';
import { passkeysQueryOptions, useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import styles from './account-page.module.css';
import own from './passkeys-card.module.css';

type Dialog = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

/**
 * Passkeys (issue 29 point 1): add one with the device's own lock (named by the player), see each with when
 * it was added and last used, rename or remove it. A passkey signs in alone, so it counts as both steps.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { data, isError } = useQuery(passkeysQueryOptions());
  const [dialog, setDialog] = useState<Dialog>();
  const [notice, setNotice] = useState('');
  const available = passkeysAvailableHere();
  const at = (value: string) => formatDateTime(value, { locale: i18n.language });
  const close = () => setDialog(undefined);
  /** A dialog's success: it closes, and the card says what happened. */
  const done = (message: string) => () => {
    close();
    setNotice(message);
  };
  const open = (next: Dialog) => {
    setNotice('');
    setDialog(next);
  };

  return (
    <Frame as="section" className={`${styles.card} ${own.passkeys}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('passkeys.title')}
      </h2>
      <p className={styles.muted}>{t('passkeys.lead')}</p>
      {isError ? <p role="alert">{t('passkeys.error')}</p> : null}
      {data && data.items.length > 0 ? (
        <ul className={own.list} aria-label={t('passkeys.title')}>
          {data.items.map((passkey) => (
            <li key={passkey.id} className={own.row}>
              <div className={own.details}>
                <p className={own.name}>
                  {passkey.name}
                  {passkey.blocked ? <span className={own.blocked}>{t('passkeys.blocked')}</span> : null}
                </p>
                <p className={styles.muted}>{t('passkeys.added', { date: at(passkey.createdAt) })}</p>
                <p className={styles.muted}>
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsed', { date: at(passkey.lastUsedAt) })
                    : t('passkeys.neverUsed')}
                </p>
                {passkey.blocked ? <p className={own.warning}>{t('passkeys.blockedLead')}</p> : null}
              </div>
              <div className={own.rowActions}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => open({ kind: 'rename', passkey })}
                  aria-label={t('passkeys.renameOne', { name: passkey.name })}
                >
                  {t('passkeys.rename')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => open({ kind: 'remove', passkey })}
                  aria-label={t('passkeys.removeOne', { name: passkey.name })}
                >
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.items.length === 0 ? <p className={styles.muted}>{t('passkeys.none')}</p> : null}
      {available ? (
        <Button className={own.wrapping} onClick={() => open({ kind: 'add' })} disabled={!data}>
          {t('passkeys.add')}
        </Button>
      ) : (
        <p className={styles.muted}>{t('passkeys.unsupported')}</p>
      )}
      <p role="status" className={styles.muted}>
        {notice}
      </p>
      {dialog?.kind === 'add' ? (
        <AddDialog onClose={close} onAdded={done(t('passkeys.addedNotice'))} />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <RenameDialog passkey={dialog.passkey} onClose={close} onDone={done(t('passkeys.renamedNotice'))} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog passkey={dialog.passkey} onClose={close} onDone={done(t('passkeys.removedNotice'))} />
      ) : null}
    </Frame>
  );
}

/** The name box of the add and rename dialogs, with the refusal under it. */
function NameForm({
  title,
  lead,
  initial,
  submitLabel,
  onClose,
  onSubmit,
}: {
  title: string;
  lead: string;
  initial: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('passkeys.errors.name'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(trimmed);
    } catch (caught) {
      setError(passkeyErrorText(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={title} state={error ? 'error' : 'active'}>
      <form className={own.body} onSubmit={(event) => void submit(event)} noValidate>
        <p className={own.text}>{lead}</p>
        <label className={own.field} htmlFor={`${id}-name`}>
          <span className={own.label}>{t('passkeys.nameLabel')}</span>
          <input
            id={`${id}-name`}
            className={own.input}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            // biome-ignore lint/a11y/noAutofocus: the one field of the dialog the player opened
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        </label>
        {error ? (
          <p id={`${id}-error`} role="alert" className={own.error}>
            {error}
          </p>
        ) : null}
        <div className={own.actions}>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('passkeys.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function AddDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  return (
    <NameForm
      title={t('passkeys.addTitle')}
      lead={t('passkeys.addLead')}
      initial={t('passkeys.defaultName')}
      submitLabel={t('passkeys.continue')}
      onClose={onClose}
      onSubmit={async (name) => {
        await add.mutateAsync(name);
        onAdded();
      }}
    />
  );
}

function RenameDialog({
  passkey,
  onClose,
  onDone,
}: {
  passkey: Passkey;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const rename = useRenamePasskey();
  return (
    <NameForm
      title={t('passkeys.renameTitle')}
      lead={t('passkeys.renameLead')}
      initial={passkey.name}
      submitLabel={t('passkeys.save')}
      onClose={onClose}
      onSubmit={async (name) => {
        await rename.mutateAsync({ id: passkey.id, name });
        onDone();
      }}
    />
  );
}

function RemoveDialog({
  passkey,
  onClose,
  onDone,
}: {
  passkey: Passkey;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const [error, setError] = useState<string>();
  return (
    <Modal open onClose={onClose} title={t('passkeys.removeTitle')} state={error ? 'error' : 'active'}>
      <div className={own.body}>
        <p className={own.text}>{t('passkeys.removeLead', { name: passkey.name })}</p>
        {error ? (
          <p role="alert" className={own.error}>
            {error}
          </p>
        ) : null}
        <div className={own.actions}>
          <Button
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: onDone,
                onError: (caught) => setError(passkeyErrorText(caught, t)),
              })
            }
          >
            {t('passkeys.remove')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('passkeys.cancel')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
