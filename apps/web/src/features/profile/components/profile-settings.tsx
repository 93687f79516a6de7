import { normalizePhone } from '@paws/contracts/auth';
import { type ProfileEditField, profileFieldSchemas, profileMessages } from '@paws/contracts/profile';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStepUpRequired } from '@/lib/api-client';
import { showFiltered } from '@/lib/filtered-input';
import {
  applyPhoneMask,
  formatPhone,
  fullPhone,
  maskOf,
  type PhonePrefix,
  phonePrefixes,
  splitPhone,
} from '@/lib/phone';
import { markCodeSent, markCodeSentWithWait, resendWaitOf } from '@/lib/resend-timer';
import { useEditProfile } from '@/lib/session/edit-profile';
import { PhoneCodeModal } from './phone-code-modal';
import styles from './profile-settings.module.css';

/** Spec 001 §5/§9: username at most 10 characters, email at most 30; the phone uses the phone input. */
const maxLengths = { username: 10, email: 30 } as const;

export interface ProfileSettingsValues {
  username: string | null;
  email: string | null;
  phone: string | null;
}

const PencilIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
  </svg>
);
const CheckIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path
      d="m5 12.5 5 5 9-10"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
const CrossIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </svg>
);

/**
 * Spec 001 §2/§4 Profile Settings: username, phone and e-mail, each editable in place. Approve (or Enter)
 * validates with the shared rule and saves; Cancel restores the value; one field is active at a time;
 * errors show in red above the settings, and an e-mail change shows the verify notice. A new phone opens
 * the code modal: it becomes the account's only once the code sent to it is entered (issue 31).
 */
export function ProfileSettings({ user }: { user: ProfileSettingsValues }) {
  const { t } = useTranslation();
  const edit = useEditProfile();
  const [active, setActive] = useState<ProfileEditField>();
  const [draft, setDraft] = useState('');
  const [prefix, setPrefix] = useState<PhonePrefix>('+44');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  /** The new phone a code went to: the code modal is open for it (issue 31). */
  const [codePhone, setCodePhone] = useState<string>();

  const start = (field: ProfileEditField) => {
    setError(undefined);
    setNotice(undefined);
    setActive(field);
    if (field === 'phone') {
      const split = splitPhone(user.phone);
      setPrefix(split.prefix);
      setDraft(split.national);
    } else {
      setDraft(user[field] ?? '');
    }
  };

  const cancel = () => {
    setActive(undefined);
    setDraft('');
    setError(undefined);
  };

  const approve = async () => {
    if (!active) return;
    const value = active === 'phone' ? fullPhone(prefix, draft) : draft.trim();
    const checked = profileFieldSchemas[active].safeParse(value);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    try {
      const { message, codeSentTo } = await edit.mutateAsync({ field: active, value });
      setActive(undefined);
      setError(undefined);
      if (active === 'email') setNotice(message || profileMessages.emailUpdated);
      if (active === 'phone' && codeSentTo) {
        markCodeSent();
        setCodePhone(codeSentTo);
      }
    } catch (caught) {
      // A code went to this phone less than a minute ago: it is still the one to enter.
      const wait = active === 'phone' ? resendWaitOf(caught) : undefined;
      if (wait !== undefined) {
        markCodeSentWithWait(wait);
        setActive(undefined);
        setError(undefined);
        setCodePhone(normalizePhone(value));
        return;
      }
      // 'Confirm it's you' was closed (issue 29 point 5): the address stays as it was.
      if (isStepUpRequired(caught)) setError(t('stepUp.cancelled'));
      else setError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void approve();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  const rows: { field: ProfileEditField; label: string; shown: string | null }[] = [
    { field: 'username', label: t('auth.settings.username'), shown: user.username },
    { field: 'phone', label: t('auth.settings.phone'), shown: user.phone ? formatPhone(user.phone) : null },
    { field: 'email', label: t('auth.settings.email'), shown: user.email },
  ];

  return (
    <section className={styles.settings} aria-labelledby="profile-settings-title">
      <h2 id="profile-settings-title" className={styles.title}>
        {t('auth.settings.title')}
      </h2>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      ) : null}
      <ul className={styles.rows}>
        {rows.map(({ field, label, shown }) => {
          const editing = active === field;
          const inputLabel = t('auth.settings.editing', { field: label });
          return (
            <li key={field} className={`${styles.row} ${editing ? styles.editing : ''}`}>
              <span className={styles.label}>{label}</span>
              {editing ? (
                <div className={styles.editor}>
                  {field === 'phone' ? (
                    <span className={styles.phone}>
                      <select
                        className={styles.prefix}
                        aria-label={t('auth.phonePrefix')}
                        value={prefix}
                        onChange={(event) => {
                          const next = event.target.value as PhonePrefix;
                          setPrefix(next);
                          setDraft((value) => applyPhoneMask(value, maskOf(next)));
                          setError(undefined);
                        }}
                      >
                        {phonePrefixes.map((entry) => (
                          <option key={entry.prefix} value={entry.prefix}>
                            {entry.prefix}
                          </option>
                        ))}
                      </select>
                      <input
                        className={styles.input}
                        type="tel"
                        inputMode="tel"
                        aria-label={inputLabel}
                        value={draft}
                        maxLength={maskOf(prefix).length}
                        // biome-ignore lint/a11y/noAutofocus: the field the player chose to edit
                        autoFocus
                        onChange={(event) => {
                          setDraft(
                            showFiltered(event.target, applyPhoneMask(event.target.value, maskOf(prefix))),
                          );
                          setError(undefined);
                        }}
                        onKeyDown={onKeyDown}
                      />
                    </span>
                  ) : (
                    <input
                      className={styles.input}
                      type={field === 'email' ? 'email' : 'text'}
                      aria-label={inputLabel}
                      value={draft}
                      maxLength={maxLengths[field]}
                      // biome-ignore lint/a11y/noAutofocus: the field the player chose to edit
                      autoFocus
                      onChange={(event) => {
                        setDraft(event.target.value);
                        setError(undefined);
                      }}
                      onKeyDown={onKeyDown}
                    />
                  )}
                  <button
                    type="button"
                    className={`${styles.icon} ${styles.approve}`}
                    aria-label={t('auth.settings.approve')}
                    disabled={edit.isPending}
                    onClick={() => void approve()}
                  >
                    <CheckIcon />
                  </button>
                  <button
                    type="button"
                    className={styles.icon}
                    aria-label={t('auth.settings.cancel')}
                    onClick={cancel}
                  >
                    <CrossIcon />
                  </button>
                </div>
              ) : (
                <div className={styles.editor}>
                  <span className={`${styles.value} ${shown ? '' : styles.empty}`}>
                    {shown || t('auth.settings.notSet')}
                  </span>
                  <button
                    type="button"
                    className={styles.icon}
                    aria-label={t('auth.settings.edit', { field: label })}
                    onClick={() => start(field)}
                  >
                    <PencilIcon />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {codePhone ? (
        <PhoneCodeModal
          phone={codePhone}
          onCancel={() => setCodePhone(undefined)}
          onConfirmed={() => {
            setCodePhone(undefined);
            setNotice(t('auth.settings.phoneChanged'));
          }}
        />
      ) : null}
    </section>
  );
}
