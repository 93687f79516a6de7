import { emailResetFormSchema, phoneResetFormSchema } from '@paws/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { requestPasswordReset } from '../../api/reset-password';
import { useClearErrorsOnChange } from '../../hooks/use-clear-errors-on-change';
import {
  type AuthTab,
  type Credentials,
  defaultPhonePrefix,
  fullPhone,
  type PhonePrefix,
} from '../../utils/credentials';
import { schemaResolver } from '../../utils/form-resolver';
import { markCodeSent, markCodeSentWithWait, resendWaitOf } from '../../utils/resend-timer';
import { fieldOfServerError } from '../../utils/server-errors';
import styles from '../auth-form.module.css';
import { AddressField, ChannelTabs, FormError } from '../fields';

interface ResetValues {
  email: string;
  phone: string;
}

interface ResetContext {
  tab: AuthTab;
  prefix: PhonePrefix;
}

const resolver = schemaResolver<ResetValues, ResetContext>((values, { tab, prefix }) =>
  tab === 'email'
    ? { schema: emailResetFormSchema, input: { email: values.email } }
    : { schema: phoneResetFormSchema, input: { phone: fullPhone(prefix, values.phone) } },
);

/** Spec 000 §4: forgot password asks for the e-mail or phone and sends a code. */
export function ForgotPasswordStep({
  tab,
  onTabChange,
  onSent,
  onBack,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onSent: (credentials: Credentials) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState<PhonePrefix>(defaultPhonePrefix);
  const form = useForm<ResetValues, ResetContext>({
    defaultValues: { email: '', phone: '' },
    resolver,
    context: { tab, prefix },
    reValidateMode: 'onSubmit',
  });
  const {
    register: field,
    control,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = form;
  useClearErrorsOnChange(form);
  const [email, phone] = watch(['email', 'phone']);
  const hasAddress = tab === 'email' ? email.trim() !== '' : phone.replace(/\D/g, '') !== '';

  const onSubmit = handleSubmit(async (values) => {
    const credentials: Credentials =
      tab === 'email' ? { email: values.email.trim() } : { phone: fullPhone(prefix, values.phone) };
    try {
      await requestPasswordReset(credentials);
      markCodeSent();
      onSent(credentials);
    } catch (error) {
      // Asked again within the wait (the modal was closed at the code step): the code sent then still works.
      const wait = resendWaitOf(error);
      if (wait !== undefined) {
        markCodeSentWithWait(wait);
        onSent(credentials);
        return;
      }
      const target = fieldOfServerError(error, [tab] as const);
      if (target) setError(target, { type: 'server', message: (error as Error).message });
      else setError('root', { type: 'server', message: t('auth.forgot.failed') });
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.lead}>{t('auth.forgot.lead')}</p>
      <ChannelTabs
        value={tab}
        onChange={(next) => {
          clearErrors();
          onTabChange(next);
        }}
      />
      <AddressField
        tab={tab}
        control={control}
        register={field}
        errors={errors}
        prefix={prefix}
        onPrefixChange={(next) => {
          clearErrors();
          setPrefix(next);
        }}
      />
      <FormError message={errors.root?.message} />
      <Button type="submit" size="lg" block disabled={!hasAddress || isSubmitting}>
        {t('auth.forgot.submit')}
      </Button>
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
