import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@/lib/phone';
import { markSignedIn } from '@/lib/session/use-session';
import { pendingSignInOf } from '@/lib/two-step-errors';
import { requestPasswordReset, setNewPassword, verifyPasswordReset } from '../api/reset-password';
import { verifySignIn } from '../api/verify-sign-in';
import type { AuthTab, Credentials } from '../utils/credentials';
import { AuthDialog } from './auth-dialog';
import { ForgotPasswordStep } from './steps/forgot-password-step';
import { type AuthMode, LoginStep, type SignInSent } from './steps/login-step';
import { NewPasswordStep } from './steps/new-password-step';
import { SuccessStep } from './steps/success-step';
import { TwoStepStep } from './steps/two-step-step';
import { VerifyCodeStep } from './steps/verify-code-step';

/** Spec 000 §2 steps of the authentication modal. */
export type AuthStep = 'login' | 'forgotPassword' | 'verifyCode' | 'twoStep' | 'newPassword' | 'success';

type CodeFlow =
  | { kind: 'sign-in'; sent: SignInSent }
  | { kind: 'reset'; credentials: Credentials; code?: string };

const addressOf = (credentials: Credentials) =>
  'email' in credentials ? credentials.email : formatPhone(credentials.phone);

/**
 * The login/registration modal. Unmounting it is what resets it: the host renders it only while open,
 * so every opening starts at login with the Mail tab (spec 000 §4).
 */
export function AuthModal({
  initialMode = 'login',
  returnTo,
  onClose,
}: {
  initialMode?: AuthMode;
  /** The screen the e-mailed link comes back to (a screen that needs a player asked for the modal). */
  returnTo?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<AuthStep>('login');
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [tab, setTab] = useState<AuthTab>('email');
  const [flow, setFlow] = useState<CodeFlow>();
  const [success, setSuccess] = useState<{ title: string; message: string }>();
  const [codeError, setCodeError] = useState(false);
  const [signedUp, setSignedUp] = useState(false);
  // The authenticator app's step, after a right password and code (issue 29).
  const [pendingSignIn, setPendingSignIn] = useState<string>();
  // After a phone sign-up, leaving the success step (Continue or close) is what shows the player signed in.
  const close = signedUp
    ? () => {
        onClose();
        void markSignedIn(queryClient);
      }
    : onClose;

  const titles: Record<AuthStep, string> = {
    login: mode === 'login' ? t('auth.login.titleLogIn') : t('auth.login.titleSignUp'),
    forgotPassword: t('auth.forgot.title'),
    verifyCode: t('auth.code.title'),
    twoStep: t('twoStep.signInTitle'),
    newPassword: t('auth.newPassword.title'),
    success: success?.title ?? '',
  };

  // A passkey is both steps: the player is signed in at once (issue 29 point 1).
  const signedInWithPasskey = useCallback(async () => {
    await markSignedIn(queryClient);
    onClose();
  }, [queryClient, onClose]);

  const backToLogin = () => {
    setCodeError(false);
    setFlow(undefined);
    setStep('login');
  };

  let body: React.ReactNode;
  if (step === 'login') {
    body = (
      <LoginStep
        mode={mode}
        returnTo={returnTo}
        onModeChange={setMode}
        tab={tab}
        onTabChange={setTab}
        onForgotPassword={() => setStep('forgotPassword')}
        onPasskeySignedIn={signedInWithPasskey}
        onSent={(sent) => {
          if (sent.channel === 'email') {
            setSuccess({ title: t('auth.success.linkSentTitle'), message: t('auth.success.linkSent') });
            setStep('success');
          } else {
            setFlow({ kind: 'sign-in', sent });
            setStep('verifyCode');
          }
        }}
      />
    );
  } else if (step === 'forgotPassword') {
    body = (
      <ForgotPasswordStep
        tab={tab}
        onTabChange={setTab}
        onBack={backToLogin}
        onSent={(credentials) => {
          setFlow({ kind: 'reset', credentials });
          setStep('verifyCode');
        }}
      />
    );
  } else if (step === 'verifyCode' && flow) {
    const credentials = flow.kind === 'reset' ? flow.credentials : flow.sent.credentials;
    body = (
      <VerifyCodeStep
        target={addressOf(credentials)}
        onErrorChange={setCodeError}
        onBack={backToLogin}
        onResend={() => (flow.kind === 'reset' ? requestPasswordReset(flow.credentials) : flow.sent.resend())}
        onSubmitCode={async (code) => {
          if (flow.kind === 'reset') {
            await verifyPasswordReset(flow.credentials, code);
            setFlow({ ...flow, code });
            setStep('newPassword');
            return;
          }
          const phone = 'phone' in flow.sent.credentials ? flow.sent.credentials.phone : '';
          const signUp = flow.sent.mode === 'register';
          try {
            await verifySignIn(signUp ? 'registration' : 'login', { phone, otpPhone: code });
          } catch (caught) {
            const pending = pendingSignInOf(caught);
            if (!pending) throw caught;
            setCodeError(false);
            setPendingSignIn(pending);
            setStep('twoStep');
            return;
          }
          if (signUp) {
            // A new account says so (the cookies are set; the page learns it when the player moves on).
            setSuccess({ title: t('auth.success.signedUpTitle'), message: t('auth.success.signedUp') });
            setSignedUp(true);
            setStep('success');
            return;
          }
          await markSignedIn(queryClient);
          onClose();
        }}
      />
    );
  } else if (step === 'twoStep' && pendingSignIn) {
    body = (
      <TwoStepStep
        pendingSignIn={pendingSignIn}
        onErrorChange={setCodeError}
        onBack={backToLogin}
        onSignedIn={async () => {
          await markSignedIn(queryClient);
          onClose();
        }}
      />
    );
  } else if (step === 'newPassword' && flow?.kind === 'reset' && flow.code) {
    const { credentials, code } = flow;
    body = (
      <NewPasswordStep
        onSubmitPassword={async (password) => {
          await setNewPassword(credentials, code, password);
          setSuccess({ title: t('auth.success.resetTitle'), message: t('auth.success.reset') });
          setStep('success');
        }}
      />
    );
  } else {
    body = <SuccessStep message={success?.message ?? ''} onContinue={close} />;
  }

  return (
    <AuthDialog
      title={titles[step]}
      onClose={close}
      tone={(step === 'verifyCode' || step === 'twoStep') && codeError ? 'error' : 'active'}
    >
      {body}
    </AuthDialog>
  );
}
