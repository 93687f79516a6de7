import { emailResetFormSchema, phoneResetFormSchema } from '@paws/contracts/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { defaultPhonePrefix, fullPhone, type PhonePrefix } from '@/lib/phone';
import { markCodeSent, markCodeSentWithWait, resendWaitOf, retryWaitOf } from '@/lib/resend-timer';
import { requestPasswordReset } from '../../api/reset-password';
import { useClearErrorsOnChange } from '../../hooks/use-clear-errors-on-change';
import type { AuthTab, Credentials } from '../../utils/credentials';
import { schemaResolver } from '../../utils/form-resolver';
import { fieldOfServerError } from '../../utils/server-errors';
import styles from '../auth-form.module.css';
import { AddressField, ChannelTabs, FormError } from '../fields';
import { SendWait, useSecondsUntil } from '../send-wait';

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

  // The server refused to send (a code went out under a minute ago, or too many tries): nothing was sent now.
  const [refusal, setRefusal] = useState<{ until: number; earlier?: Credentials }>();
  const waitLeft = useSecondsUntil(refusal?.until);
  const earlier = refusal?.earlier;
  // The wait is the address's: another address may be asked for at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of the address
  useEffect(() => setRefusal(undefined), [tab, email, phone]);

  const onSubmit = handleSubmit(async (values) => {
    const credentials: Credentials =
      tab === 'email' ? { email: values.email.trim() } : { phone: fullPhone(prefix, values.phone) };
    try {
      await requestPasswordReset(credentials);
      markCodeSent();
      setRefusal(undefined);
      onSent(credentials);
    } catch (error) {
      // Say so and count the server's wait down; a code sent within the last minute can still be entered.
      const resend = resendWaitOf(error);
      const wait = resend ?? retryWaitOf(error);
      if (wait !== undefined) {
        setRefusal({
          until: Date.now() + wait * 1000,
          earlier: resend === undefined ? undefined : credentials,
        });
        if (resend !== undefined) markCodeSentWithWait(resend);
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
      {waitLeft > 0 ? <SendWait seconds={waitLeft} /> : null}
      <Button type="submit" size="lg" block disabled={!hasAddress || isSubmitting || waitLeft > 0}>
        {t('auth.forgot.submit')}
      </Button>
      {waitLeft > 0 && earlier ? (
        <button type="button" className={styles.linkButton} onClick={() => onSent(earlier)}>
          {t('auth.forgot.haveCode')}
        </button>
      ) : null}
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
