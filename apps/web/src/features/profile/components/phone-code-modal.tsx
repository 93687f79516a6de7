import { codeSchema } from '@paws/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEntry } from '@/components/ui/code-entry';
import { Modal } from '@/components/ui/modal';
import { ResendCode } from '@/components/ui/resend-code';
import { formatPhone } from '@/lib/phone';
import { markCodeSent } from '@/lib/resend-timer';
import { editProfile } from '@/lib/session/edit-profile';
import { useVerifyPhone } from '../api/verify-phone';
import styles from './phone-code-modal.module.css';

const messageOf = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/**
 * Issue 31: the 'Verification Code' modal for a new phone. It names the number the SMS went to, takes the
 * six digits (submitted by themselves), offers a new code after the 60 s wait, and keeps the old phone on
 * the account until the code is right. Cancel closes it and changes nothing.
 */
export function PhoneCodeModal({
  phone,
  onConfirmed,
  onCancel,
}: {
  /** The new phone, as the server stored it (where the code went). */
  phone: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const verify = useVerifyPhone();
  const [error, setError] = useState<string>();
  const body = useRef<HTMLDivElement>(null);

  // The dialog opens (in its own effect, which runs first) on its close icon: the code goes in the first box.
  useEffect(() => {
    body.current?.querySelector('input')?.focus();
  }, []);

  const submit = async (code: string) => {
    const checked = codeSchema.safeParse(code);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    try {
      await verify.mutateAsync({ value: phone, otpPhone: checked.data });
      onConfirmed();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  const resend = async () => {
    try {
      await editProfile('phone', phone);
      markCodeSent();
      setError(undefined);
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Modal open onClose={onCancel} title={t('auth.code.title')} state={error ? 'error' : 'active'}>
      <div ref={body} className={styles.body}>
        <p className={styles.lead}>
          {t('auth.code.lead')} <span className={styles.target}>{formatPhone(phone)}</span>
        </p>
        <CodeEntry
          onComplete={submit}
          onChange={() => {
            if (error) setError(undefined);
          }}
          error={error}
          disabled={verify.isPending}
        />
        <ResendCode onResend={resend} />
        <p className={styles.note}>{t('auth.settings.phoneKept')}</p>
        <button type="button" className={styles.cancel} onClick={onCancel}>
          {t('auth.settings.cancel')}
        </button>
      </div>
    </Modal>
  );
}
