import {
  emailLoginFormSchema,
  emailRegistrationFormSchema,
  phoneLoginFormSchema,
  phoneRegistrationFormSchema,
} from '@paws/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { login } from '../../api/login';
import { register } from '../../api/registration';
import { useClearErrorsOnChange } from '../../hooks/use-clear-errors-on-change';
import { callbackUrlOf } from '../../utils/auth-modal-state';
import {
  type AuthTab,
  type Credentials,
  defaultPhonePrefix,
  fullPhone,
  type PhonePrefix,
} from '../../utils/credentials';
import { schemaResolver } from '../../utils/form-resolver';
import { readReferralCode } from '../../utils/referral-code';
import { markCodeSent, markCodeSentWithWait, resendWaitOf } from '../../utils/resend-timer';
import { fieldOfServerError } from '../../utils/server-errors';
import styles from '../auth-form.module.css';
import { AddressField, ChannelTabs, FormError, PasswordField, TextField } from '../fields';

export type AuthMode = 'login' | 'register';

interface LoginValues {
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  promo: string;
}

interface LoginContext {
  mode: AuthMode;
  tab: AuthTab;
  prefix: PhonePrefix;
}

const resolver = schemaResolver<LoginValues, LoginContext>((values, { mode, tab, prefix }) => {
  const address = tab === 'email' ? { email: values.email } : { phone: fullPhone(prefix, values.phone) };
  if (mode === 'login') {
    return {
      schema: tab === 'email' ? emailLoginFormSchema : phoneLoginFormSchema,
      input: { ...address, password: values.password },
    };
  }
  return {
    schema: tab === 'email' ? emailRegistrationFormSchema : phoneRegistrationFormSchema,
    input: {
      ...address,
      password: values.password,
      confirmPassword: values.confirmPassword,
      promo: values.promo.trim(),
    },
  };
});

/** What the modal needs to go on after a sign-in or sign-up call succeeded. */
export interface SignInSent {
  mode: AuthMode;
  channel: 'email' | 'sms';
  credentials: Credentials;
  /** Sends the same request again (the resend link on the code step). */
  resend: () => Promise<unknown>;
}

/** Spec 000 §2/§4 first step: log in or sign up, by e-mail or phone. */
export function LoginStep({
  mode,
  returnTo,
  onModeChange,
  tab,
  onTabChange,
  onSent,
  onForgotPassword,
}: {
  mode: AuthMode;
  returnTo?: string | undefined;
  onModeChange: (mode: AuthMode) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onSent: (sent: SignInSent) => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState<PhonePrefix>(defaultPhonePrefix);
  const form = useForm<LoginValues, LoginContext>({
    defaultValues: { email: '', phone: '', password: '', confirmPassword: '', promo: '' },
    resolver,
    context: { mode, tab, prefix },
    mode: 'onSubmit',
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

  const [email, phone, password] = watch(['email', 'phone', 'password']);
  const hasAddress = tab === 'email' ? email.trim() !== '' : phone.replace(/\D/g, '') !== '';
  const isRegister = mode === 'register';

  const onSubmit = handleSubmit(async (values) => {
    const credentials: Credentials =
      tab === 'email' ? { email: values.email.trim() } : { phone: fullPhone(prefix, values.phone) };
    const send = () =>
      isRegister
        ? register({
            credentials,
            password: values.password,
            callbackUrl: callbackUrlOf(window.location.origin, paths.callbackRegister.getHref(), returnTo),
            promo: values.promo.trim() || undefined,
            referralCode: readReferralCode(),
          })
        : login({
            credentials,
            password: values.password,
            callbackUrl: callbackUrlOf(window.location.origin, paths.callbackLogin.getHref(), returnTo),
          });
    try {
      const { channel } = await send();
      if (channel === 'sms') markCodeSent();
      onSent({ mode, channel, credentials, resend: send });
    } catch (error) {
      // Asked again within the wait (the modal was closed after the first send): the code or link sent then
      // is still the one to use, so go on as if it had just been sent.
      const wait = resendWaitOf(error);
      if (wait !== undefined) {
        const channel = tab === 'email' ? 'email' : 'sms';
        if (channel === 'sms') markCodeSentWithWait(wait);
        onSent({ mode, channel, credentials, resend: send });
        return;
      }
      const target = fieldOfServerError(error, [tab, 'password', 'confirmPassword', 'promo'] as const);
      const message = error instanceof Error ? error.message : String(error);
      setError(target ?? 'root', { type: 'server', message });
    }
  });

  const switchTab = (next: AuthTab) => {
    clearErrors();
    onTabChange(next);
  };
  const switchMode = (next: AuthMode) => {
    clearErrors();
    onModeChange(next);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.modeSwitch}>
        {(['login', 'register'] as const).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={mode === key}
            className={`${styles.mode} ${mode === key ? styles.modeActive : ''}`}
            onClick={() => switchMode(key)}
          >
            {key === 'login' ? t('auth.login.logIn') : t('auth.login.signUp')}
          </button>
        ))}
      </div>
      <ChannelTabs value={tab} onChange={switchTab} />
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
      <PasswordField
        label={t('auth.fields.password')}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        error={errors.password?.message}
        {...field('password')}
      />
      {isRegister && password ? (
        <PasswordField
          label={t('auth.fields.confirmPassword')}
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
      ) : null}
      {isRegister ? (
        <TextField
          label={t('auth.fields.promo')}
          autoComplete="off"
          maxLength={6}
          placeholder={t('auth.fields.promoPlaceholder')}
          error={errors.promo?.message}
          {...field('promo')}
        />
      ) : null}
      <FormError message={errors.root?.message} />
      {!isRegister ? (
        <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
          {t('auth.login.forgotPassword')}
        </button>
      ) : null}
      <Button type="submit" size="lg" block disabled={!password || !hasAddress || isSubmitting}>
        {isRegister ? t('auth.login.submitSignUp') : t('auth.login.submitLogIn')}
      </Button>
    </form>
  );
}
