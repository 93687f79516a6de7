import {
  type CreateTicketFields,
  type CreateTicketResponse,
  createTicketFieldsSchema,
  TICKET_MESSAGE_MAX,
  TICKET_NAME_MAX,
  ticketCategories,
} from '@paws/contracts/tickets';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isApiClientError } from '@/lib/api-client';
import type { NewTicket } from '../api/create-ticket';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_MB, checkAttachment } from '../utils/attachment';
import styles from './support.module.css';

type Values = Omit<CreateTicketFields, 'invocationCategory' | 'userId'> & {
  invocationCategory: CreateTicketFields['invocationCategory'] | '';
};
type FieldName = keyof Values;
const fieldNames: FieldName[] = ['nameOfUser', 'email', 'invocationCategory', 'message'];
const isFieldName = (value: unknown): value is FieldName => fieldNames.includes(value as FieldName);

/** Signed in, an empty name or e-mail is the account's own (the server fills it in). */
function toFields(values: Values, signedIn: boolean): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...values };
  if (signedIn) {
    if (!values.nameOfUser.trim()) delete fields.nameOfUser;
    if (!values.email.trim()) delete fields.email;
  }
  return fields;
}

const schemaFor = (signedIn: boolean) =>
  signedIn ? createTicketFieldsSchema.partial({ nameOfUser: true, email: true }) : createTicketFieldsSchema;

/** The contract's schema; each field's message is ours, translated (the contract's are the server's). */
function useResolver(signedIn: boolean): Resolver<Values> {
  const { t } = useTranslation();
  return async (values) => {
    const result = await schemaFor(signedIn).safeParseAsync(toFields(values, signedIn));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (isFieldName(key))
        errors[key] ??= { type: issue.code, message: t(`supportTickets.form.errors.${key}`) };
    }
    return { values: {}, errors };
  };
}

export interface NewTicketFormProps {
  /** A signed-in player (POST /tickets) or a visitor (POST /tickets/unAuth). */
  signedIn: boolean;
  defaults?: {
    nameOfUser?: string;
    email?: string;
    invocationCategory?: CreateTicketFields['invocationCategory'];
    message?: string;
  };
  mutation: UseMutationResult<CreateTicketResponse, Error, NewTicket>;
  onCreated: (created: CreateTicketResponse, email: string) => void;
  onCancel?: () => void;
}

/** A new ticket: name, e-mail, category, message and an optional file (spec 001 §7 POST /tickets). */
export function NewTicketForm({ signedIn, defaults, mutation, onCreated, onCancel }: NewTicketFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [rootError, setRootError] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: useResolver(signedIn),
    defaultValues: {
      nameOfUser: defaults?.nameOfUser ?? '',
      email: defaults?.email ?? '',
      invocationCategory: defaults?.invocationCategory ?? '',
      message: defaults?.message ?? '',
    },
  });

  const pickFile = (picked: File | undefined) => {
    setFileError(undefined);
    if (!picked) return setFile(null);
    const problem = checkAttachment(picked);
    if (problem) {
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setFileError(t(`supportTickets.chat.${problem}`, { size: ATTACHMENT_MAX_MB }));
      return;
    }
    setFile(picked);
  };

  const submit = handleSubmit((values) => {
    setRootError(undefined);
    const fields = toFields(values, signedIn) as unknown as CreateTicketFields;
    mutation.mutate(
      { ...fields, file },
      {
        onSuccess: (created) => onCreated(created, values.email.trim()),
        onError: (error) => {
          if (isApiClientError(error) && error.status === 429) {
            setRootError(t('supportTickets.form.errors.rateLimited'));
          } else if (isApiClientError(error) && isFieldName(error.field)) {
            setError(error.field, { message: t(`supportTickets.form.errors.${error.field}`) });
          } else if (isApiClientError(error) && error.field === 'file') {
            setFileError(
              t(`supportTickets.chat.${/MB/.test(error.message) ? 'fileSize' : 'fileType'}`, {
                size: ATTACHMENT_MAX_MB,
              }),
            );
          } else {
            setRootError(t('supportTickets.form.errors.failed'));
          }
        },
      },
    );
  });

  const fieldError = (name: FieldName) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className={styles.fieldError} role="alert">
        {errors[name]?.message}
      </p>
    ) : null;
  const describedBy = (name: FieldName) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.formRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`} className={styles.label}>
            {t('supportTickets.form.name')}
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            autoComplete="name"
            maxLength={TICKET_NAME_MAX}
            aria-invalid={errors.nameOfUser ? true : undefined}
            aria-describedby={describedBy('nameOfUser')}
            {...register('nameOfUser')}
          />
          {fieldError('nameOfUser')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            {t('supportTickets.form.email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={styles.input}
            autoComplete="email"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            {...register('email')}
          />
          {fieldError('email')}
        </div>
      </div>
      <fieldset className={styles.field} aria-describedby={describedBy('invocationCategory')}>
        <legend className={styles.label}>{t('supportTickets.form.category')}</legend>
        <div className={`${styles.chips} ${styles.wrapChips}`}>
          {ticketCategories.map((category) => (
            <label key={category} className={styles.radioChip}>
              <input type="radio" value={category} {...register('invocationCategory')} />
              <span>{t(`supportTickets.categories.${category}`)}</span>
            </label>
          ))}
        </div>
        {fieldError('invocationCategory')}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`} className={styles.label}>
          {t('supportTickets.form.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className={`${styles.input} ${styles.textarea}`}
          rows={5}
          maxLength={TICKET_MESSAGE_MAX}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
          {...register('message')}
        />
        {fieldError('message')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-file`} className={styles.label}>
          {t('supportTickets.form.file')}
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          className={styles.fileInput}
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => pickFile(event.target.files?.[0])}
        />
        <p id={`${id}-file-hint`} className={styles.hint}>
          {t('supportTickets.chat.attachHint', { size: ATTACHMENT_MAX_MB })}
        </p>
        {fileError ? (
          <p className={styles.fieldError} role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {rootError ? (
        <p className={styles.error} role="alert">
          {rootError}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('supportTickets.form.sending') : t('supportTickets.form.submit')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('supportTickets.form.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
