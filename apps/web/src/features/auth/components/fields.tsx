import { limitPeriods } from '@paws/contracts/responsible-gaming';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { showFiltered } from '@/lib/filtered-input';
import { applyPhoneMask, maskOf, type PhonePrefix, phonePrefixes } from '@/lib/phone';
import type { AuthTab } from '../utils/credentials';
import styles from './auth-form.module.css';

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  children: (ids: { inputId: string; errorId: string }) => ReactNode;
  hint?: ReactNode;
}

function FieldShell({ label, error, children, hint }: FieldShellProps) {
  const inputId = useId();
  const errorId = useId();
  return (
    <div className={`${styles.field} ${error ? styles.invalid : ''}`}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {children({ inputId, errorId })}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | undefined;
};

export function TextField({ label, error, className, ...props }: InputProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, errorId }) => (
        <input
          id={inputId}
          className={`${styles.input} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
      )}
    </FieldShell>
  );
}

export function PasswordField({ label, error, ...props }: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, errorId }) => (
        <div className={styles.withAction}>
          <input
            id={inputId}
            type={shown ? 'text' : 'password'}
            className={styles.input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...props}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={shown}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? t('auth.hidePassword') : t('auth.showPassword')}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

/** A prefix picker (+44, +1, +7) and the national number, laid out on the prefix's mask as it is typed. */
export function PhoneField({
  label,
  error,
  prefix,
  onPrefixChange,
  value,
  onValueChange,
  autoFocus,
  name = 'phone',
}: {
  label: string;
  error?: string | undefined;
  prefix: PhonePrefix;
  onPrefixChange: (prefix: PhonePrefix) => void;
  value: string;
  onValueChange: (value: string) => void;
  autoFocus?: boolean;
  name?: string;
}) {
  const { t } = useTranslation();
  const mask = maskOf(prefix);
  const example = phonePrefixes.find((entry) => entry.prefix === prefix)?.example;
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, errorId }) => (
        <div className={styles.phone}>
          <select
            className={styles.prefix}
            aria-label={t('auth.phonePrefix')}
            value={prefix}
            onChange={(event) => {
              const next = event.target.value as PhonePrefix;
              onPrefixChange(next);
              onValueChange(applyPhoneMask(value, maskOf(next)));
            }}
          >
            {phonePrefixes.map((entry) => (
              <option key={entry.prefix} value={entry.prefix}>
                {entry.prefix}
              </option>
            ))}
          </select>
          <input
            id={inputId}
            name={name}
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            // biome-ignore lint/a11y/noAutofocus: the modal's first field takes focus when a tab opens
            autoFocus={autoFocus}
            placeholder={example}
            value={value}
            maxLength={mask.length}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) =>
              onValueChange(showFiltered(event.target, applyPhoneMask(event.target.value, mask)))
            }
          />
        </div>
      )}
    </FieldShell>
  );
}

/** Spec 000 §2: the Mail / Phone number switch of log-in, sign-up and forgot-password. */
export function ChannelTabs({ value, onChange }: { value: AuthTab; onChange: (tab: AuthTab) => void }) {
  const { t } = useTranslation();
  const tabs: { key: AuthTab; label: string }[] = [
    { key: 'email', label: t('auth.tabs.mail') },
    { key: 'phone', label: t('auth.tabs.phone') },
  ];
  return (
    <div role="tablist" aria-label={t('auth.tabs.label')} className={styles.tabs}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={value === tab.key}
          className={`${styles.tab} ${value === tab.key ? styles.tabActive : ''}`}
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** A link of a translated sentence (Trans gives it its words). */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}

/**
 * The adults-only declaration of a sign-up (issue 28): a real checkbox, with links to the terms and the
 * safer-gambling page opening in a new tab so the form keeps what was typed.
 */
export function AgeField({ error, ...props }: Omit<InputProps, 'label'>) {
  const errorId = useId();
  return (
    <div className={`${styles.check} ${error ? styles.invalid : ''}`}>
      <label className={styles.checkLabel}>
        <input
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        />
        <span>
          <Trans
            i18nKey="auth.fields.ageConfirm"
            components={{
              terms: <NewTabLink href={paths.termsOfService.getHref()} />,
              safer: <NewTabLink href={paths.responsibleGaming.getHref()} />,
            }}
          />
        </span>
      </label>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A deposit limit at sign-up (UKGC RTS 12: offered at registration), optional and folded away: a period and
 * an amount; left empty, no limit. In force from the account's start; lowered at any time, a raise waits 24 h.
 */
export function DepositLimitField({
  period,
  amount,
  error,
}: {
  period: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>;
  amount: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const periodId = useId();
  const amountId = useId();
  const errorId = useId();
  return (
    <details className={styles.optional} open={error ? true : undefined}>
      <summary>{t('auth.fields.depositLimit')}</summary>
      <div className={`${styles.limitRow} ${error ? styles.invalid : ''}`}>
        <div className={styles.field}>
          <label htmlFor={periodId} className={styles.label}>
            {t('responsibleGaming.periodLabel')}
          </label>
          <select id={periodId} className={styles.prefix} {...period}>
            {limitPeriods.map((value) => (
              <option key={value} value={value}>
                {t(`responsibleGaming.period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={amountId} className={styles.label}>
            {t('responsibleGaming.amount')}
          </label>
          <input
            id={amountId}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...amount}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : (
        <p className={styles.hint}>{t('auth.fields.depositLimitHint')}</p>
      )}
    </details>
  );
}

export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p className={styles.rootError} role="alert">
      {message}
    </p>
  );
}

interface AddressValues {
  email: string;
  phone: string;
}

/** The e-mail box or the masked phone field, by tab: the address block of the login and reset forms. */
export function AddressField<Values extends AddressValues>({
  tab,
  control,
  register,
  errors,
  prefix,
  onPrefixChange,
  emailAutoComplete = 'email',
}: {
  tab: AuthTab;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<AddressValues>;
  prefix: PhonePrefix;
  onPrefixChange: (prefix: PhonePrefix) => void;
  /** 'username webauthn' on the log-in form: the browser offers passkeys there too (conditional UI). */
  emailAutoComplete?: string;
}) {
  const { t } = useTranslation();
  // The forms' values extend AddressValues; react-hook-form's generics cannot see that through a path.
  const addressControl = control as unknown as Control<AddressValues>;
  const addressRegister = register as unknown as UseFormRegister<AddressValues>;
  if (tab === 'email') {
    return (
      <TextField
        key="email"
        label={t('auth.fields.email')}
        type="email"
        autoComplete={emailAutoComplete}
        placeholder={t('auth.fields.emailPlaceholder')}
        error={errors.email?.message}
        {...addressRegister('email')}
      />
    );
  }
  return (
    <Controller
      control={addressControl}
      name="phone"
      render={({ field }) => (
        <PhoneField
          label={t('auth.fields.phone')}
          error={errors.phone?.message}
          prefix={prefix}
          onPrefixChange={onPrefixChange}
          value={field.value}
          onValueChange={field.onChange}
        />
      )}
    />
  );
}
