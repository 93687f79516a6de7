import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from '../auth-form.module.css';

const CheckIcon = () => (
  <svg width="30" height="30" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path
      d="M5 12.5 10 17.5 19 7"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** Spec 000 §4: the message, and Continue, which closes the modal (the next open starts at login). */
export function SuccessStep({ message, onContinue }: { message: string; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.success}>
      <span className={styles.successIcon}>
        <CheckIcon />
      </span>
      <p className={styles.successText} role="status">
        {message}
      </p>
      <Button size="lg" block onClick={onContinue}>
        {t('auth.success.continue')}
      </Button>
    </div>
  );
}
