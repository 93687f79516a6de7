import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, profileMessages } from '@paws/contracts/profile';
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EnlargeableImage } from '@/components/ui/lightbox';
import { Modal } from '@/components/ui/modal';
import { useDeleteAvatar, useUploadAvatar } from '../api/avatar';
import styles from './avatar-modal.module.css';

export type AvatarStep = 'new' | 'have';

/** Spec 001 §5: JPEG or PNG, at most 10 MB; the first failing rule is the message. */
export function checkAvatarFile(file: File): string | undefined {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return profileMessages.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return profileMessages.avatarSize;
  return undefined;
}

const SIGNATURES: Record<(typeof AVATAR_MIME_TYPES)[number], number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

async function headOf(file: File, length: number): Promise<Uint8Array> {
  const part = file.slice(0, length);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

/** Whether the file's first bytes are a JPEG's or a PNG's, whatever its name and type say. */
export async function isAvatarImage(file: File): Promise<boolean> {
  const head = await headOf(file, 8).catch(() => new Uint8Array());
  return Object.values(SIGNATURES).some((signature) => signature.every((byte, i) => head[i] === byte));
}

/**
 * Spec 001 §4 avatar modal. 'new': drop or choose a file; 'have': the preview with Change photo and
 * Delete photo. It opens on 'have' when the player already has a full avatar. Save uploads and closes;
 * Delete removes the avatar and closes.
 */
export function AvatarModal({
  open,
  onClose,
  linkFull,
}: {
  open: boolean;
  onClose: () => void;
  linkFull?: string | null;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<AvatarStep>(linkFull ? 'have' : 'new');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();

  // Each opening starts over from what the player has now.
  useEffect(() => {
    if (open) {
      setStep(linkFull ? 'have' : 'new');
      setFile(undefined);
      setError(undefined);
    }
  }, [open, linkFull]);

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = checkAvatarFile(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    // Named .png but not an image (a text file renamed): said now, not as a broken preview and a refused Save.
    if (!(await isAvatarImage(chosen))) {
      setError(t('auth.avatar.notImage'));
      return;
    }
    setError(undefined);
    setFile(chosen);
    setStep('have');
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    void choose(event.target.files?.[0]);
    event.target.value = '';
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    void choose(event.dataTransfer.files?.[0]);
  };

  const save = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const deletePhoto = async () => {
    if (!linkFull) {
      // Only a chosen, unsaved file: dropping it is all there is to delete.
      setFile(undefined);
      setStep('new');
      return;
    }
    try {
      await remove.mutateAsync();
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const busy = upload.isPending || remove.isPending;
  const shown = preview ?? linkFull ?? undefined;

  return (
    <Modal open={open} onClose={onClose} title={t('auth.avatar.title')} state={error ? 'error' : 'active'}>
      <div className={styles.body}>
        {step === 'new' ? (
          <label
            htmlFor={inputId}
            className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="avatar-drop"
          >
            <span className={styles.dropIcon} aria-hidden="true">
              <svg width="28" height="28" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                <path
                  d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <span className={styles.dropTitle}>{t('auth.avatar.drop')}</span>
            <span className={styles.dropHint}>{t('auth.avatar.rules')}</span>
            <span className={styles.choose}>{t('auth.avatar.choose')}</span>
          </label>
        ) : (
          <div className={styles.preview}>
            {shown ? (
              <EnlargeableImage src={shown} alt={t('auth.avatar.preview')} className={styles.image} />
            ) : null}
            <div className={styles.actions}>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setError(undefined);
                  setStep('new');
                }}
              >
                {t('auth.avatar.change')}
              </Button>
              <Button variant="ghost" disabled={busy} onClick={() => void deletePhoto()}>
                {t('auth.avatar.delete')}
              </Button>
            </div>
          </div>
        )}
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={AVATAR_MIME_TYPES.join(',')}
          className="visually-hidden"
          onChange={onInput}
          data-testid="avatar-input"
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button block size="lg" disabled={!file || busy} onClick={() => void save()}>
          {t('auth.avatar.save')}
        </Button>
      </div>
    </Modal>
  );
}
