import {
  emailLoginFormSchema,
  emailRegistrationFormSchema,
  phoneLoginFormSchema,
  phoneRegistrationFormSchema,
} from '@paws/contracts/auth';
import { type LimitPeriod, signUpDepositLimitSchema } from '@paws/contracts/responsible-gaming';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { callbackUrlOf } from '@/lib/auth-modal-state';
import { defaultPhonePrefix, fullPhone, type PhonePrefix } from '@/lib/phone';
import { markCodeSent, resendWaitOf } from '@/lib/resend-timer';
import { login } from '../../api/login';
import { register } from '../../api/registration';
import { useClearErrorsOnChange } from '../../hooks/use-clear-errors-on-change';
import type { AuthTab, Credentials } from '../../utils/credentials';
import { schemaResolver } from '../../utils/form-resolver';
import { readReferralCode } from '../../utils/referral-code';
import { restrictionMessage } from '../../utils/restriction-message';
import { fieldOfServerError } from '../../utils/server-errors';
import styles from '../auth-form.module.css';
import {
  AddressField,
  AgeField,
  ChannelTabs,
  DepositLimitField,
  FormError,
  PasswordField,
  TextField,
} from '../fields';
import { PasskeySignIn } from '../passkey-sign-in';
import { SendWait, useSecondsUntil } from '../send-wait';

export type AuthMode = 'login' | 'register';

/** The sign-up's optional deposit limit: none when the amount is left empty. */
function depositLimitOf(values: { limitPeriod: LimitPeriod; limitAmount: string }) {
  const typed = values.limitAmount.trim();
  if (!typed) return undefined;
  const checked = signUpDepositLimitSchema.safeParse({ period: values.limitPeriod, amount: Number(typed) });
  return checked.success ? checked.data : 'invalid';
}

/** A refusal the server names on the deposit limit ('depositLimit.amount', 'depositLimit.period'). */
const isDepositLimitError = (error: unknown) =>
  isApiClientError(error) && typeof error.field === 'string' && error.field.startsWith('depositLimit');

interface LoginValues {
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  promo: string;
  ageConfirmed: boolean;
  limitPeriod: LimitPeriod;
  limitAmount: string;
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
      ageConfirmed: values.ageConfirmed,
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
  onPasskeySignedIn,
}: {
  mode: AuthMode;
  returnTo?: string | undefined;
  onModeChange: (mode: AuthMode) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onSent: (sent: SignInSent) => void;
  onForgotPassword: () => void;
  /** A passkey signed the player in (the button under the form, or the e-mail box's suggestions). */
  onPasskeySignedIn?: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState<PhonePrefix>(defaultPhonePrefix);
  const form = useForm<LoginValues, LoginContext>({
    defaultValues: {
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      promo: '',
      ageConfirmed: false,
      limitPeriod: 'DAY',
      limitAmount: '',
    },
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

  const [waitUntil, setWaitUntil] = useState<number>();
  const waitLeft = useSecondsUntil(waitUntil);

  const onSubmit = handleSubmit(async (values) => {
    const limit = depositLimitOf(values);
    if (limit === 'invalid') {
      setError('limitAmount', { type: 'client', message: t('responsibleGaming.invalidAmount') });
      return;
    }
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
            ageConfirmed: values.ageConfirmed,
            depositLimit: limit,
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
      // Asked again within the wait: no code went out, and the last one may be spent (used to sign in a
      // minute ago). Say so and count the server's wait down; Log in sends a fresh code once it is over.
      // An e-mail link sent then still opens the account: the e-mail step goes on as before.
      const wait = resendWaitOf(error);
      if (wait !== undefined && tab === 'phone') {
        setWaitUntil(Date.now() + wait * 1000);
        return;
      }
      if (wait !== undefined) {
        onSent({ mode, channel: 'email', credentials, resend: send });
        return;
      }
      const target = isDepositLimitError(error)
        ? 'limitAmount'
        : fieldOfServerError(error, [tab, 'password', 'confirmPassword', 'promo', 'ageConfirmed'] as const);
      const message =
        restrictionMessage(error, t) ?? (error instanceof Error ? error.message : String(error));
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
        emailAutoComplete={isRegister ? 'email' : 'username webauthn'}
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
      {isRegister ? (
        <DepositLimitField
          period={field('limitPeriod')}
          amount={field('limitAmount')}
          error={errors.limitAmount?.message}
        />
      ) : null}
      {isRegister ? <AgeField error={errors.ageConfirmed?.message} {...field('ageConfirmed')} /> : null}
      <FormError message={errors.root?.message} />
      {waitLeft > 0 ? <SendWait seconds={waitLeft} /> : null}
      {!isRegister ? (
        <button type="button" className={styles.linkButton} onClick={onForgotPassword}>
          {t('auth.login.forgotPassword')}
        </button>
      ) : null}
      <Button
        type="submit"
        size="lg"
        block
        disabled={!password || !hasAddress || isSubmitting || waitLeft > 0}
      >
        {isRegister ? t('auth.login.submitSignUp') : t('auth.login.submitLogIn')}
      </Button>
      {!isRegister && onPasskeySignedIn ? (
        <PasskeySignIn autofill={tab === 'email'} onSignedIn={onPasskeySignedIn} />
      ) : null}
    </form>
  );
}
