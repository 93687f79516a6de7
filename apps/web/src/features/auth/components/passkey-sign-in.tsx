import { browserSupportsWebAuthnAutofill, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { isPasskeyCancel, passkeyErrorText, passkeysAvailableHere } from '@/lib/passkeys';
import { signInWithPasskey } from '../api/passkey';
import { FormError } from './fields';
import own from './passkey-sign-in.module.css';

/**
 * 'Sign in with a passkey' under the log-in form (issue 29 point 1), and, where the browser offers it, the
 * player's passkeys among the e-mail box's suggestions (conditional UI: the box's autocomplete ends in
 * 'webauthn'). Shown only where passkeys work: a browser with WebAuthn, on the platform's site.
 */
export function PasskeySignIn({
  autofill,
  onSignedIn,
}: {
  /** Offer the passkeys in the e-mail box's suggestions (it is on the page). */
  autofill: boolean;
  onSignedIn: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const [available] = useState(passkeysAvailableHere);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Counts the button's tries: after one ends, the suggestions are offered again.
  const [round, setRound] = useState(0);
  // The latest handler, read when a passkey answers: a new one from the parent does not restart the request.
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` starts the suggestions again after the button's try
  useEffect(() => {
    if (!available || !autofill) return;
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !live) return;
      try {
        await signInWithPasskey({ autofill: true });
        if (live) await signedIn.current();
      } catch (caught) {
        if (live && !isPasskeyCancel(caught)) setError(passkeyErrorText(caught, t));
      }
    })();
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [available, autofill, t, round]);

  if (!available) return null;

  const signIn = async () => {
    setError(undefined);
    setBusy(true);
    try {
      await signInWithPasskey();
      await onSignedIn();
    } catch (caught) {
      if (!isPasskeyCancel(caught)) setError(passkeyErrorText(caught, t));
      setRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={own.passkey}>
      <p className={own.or}>
        <span>{t('passkeys.or')}</span>
      </p>
      <Button variant="secondary" size="lg" block onClick={() => void signIn()} disabled={busy}>
        {t('passkeys.signIn')}
      </Button>
      <FormError message={error} />
    </div>
  );
}
