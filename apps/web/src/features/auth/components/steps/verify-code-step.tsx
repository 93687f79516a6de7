import { codeSchema } from '@paws/contracts/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '@/components/ui/code-entry';
import { ResendCode } from '@/components/ui/resend-code';
import { markCodeSent } from '@/lib/resend-timer';
import { restrictionMessage } from '../../utils/restriction-message';
import styles from '../auth-form.module.css';

/**
 * Spec 001 §2 'Verification Code': six boxes that submit themselves, the server's answer shown in red,
 * and the resend link after the 60 s wait.
 */
export function VerifyCodeStep({
  target,
  onSubmitCode,
  onResend,
  onBack,
  onErrorChange,
}: {
  /** Where the code went (e-mail or phone), shown to the player. */
  target: string;
  onSubmitCode: (code: string) => Promise<unknown>;
  onResend: () => Promise<unknown>;
  onBack: () => void;
  onErrorChange?: (hasError: boolean) => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const showError = (message: string | undefined) => {
    setError(message);
    onErrorChange?.(Boolean(message));
  };

  const submit = async (code: string) => {
    const checked = codeSchema.safeParse(code);
    if (!checked.success) {
      showError(checked.error.issues[0]?.message);
      return;
    }
    setBusy(true);
    try {
      await onSubmitCode(checked.data);
    } catch (caught) {
      showError(restrictionMessage(caught, t) ?? (caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    try {
      await onResend();
      markCodeSent();
      showError(undefined);
    } catch (caught) {
      showError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.lead}>
        {t('auth.code.lead')} <span className={styles.target}>{target}</span>
      </p>
      <CodeEntry
        onComplete={submit}
        onChange={() => {
          if (error) showError(undefined);
        }}
        error={error}
        disabled={busy}
      />
      <ResendCode onResend={resend} />
      <button type="button" className={styles.linkButton} onClick={onBack}>
        {t('auth.backToLogin')}
      </button>
    </div>
  );
}
