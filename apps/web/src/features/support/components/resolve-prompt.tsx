import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useResolveTicket, useReturnTicket } from '../api/change-ticket';
import styles from './support.module.css';

/**
 * Spec 001 §2: a ticket in 'Resolve Request' asks 'Please check if the solution was effective and leave a
 * feedback:' with Accept (resolves it) and 'Return it for revision' (returns it).
 */
export function ResolvePrompt({ ticketId, onResolved }: { ticketId: string; onResolved?: () => void }) {
  const { t } = useTranslation();
  const resolve = useResolveTicket();
  const giveBack = useReturnTicket();
  const pending = resolve.isPending || giveBack.isPending;
  return (
    <fieldset className={styles.prompt}>
      <legend className={styles.promptText}>{t('supportTickets.resolvePrompt')}</legend>
      <div className={styles.promptActions}>
        <Button
          size="sm"
          disabled={pending}
          onClick={() => resolve.mutate(ticketId, { onSuccess: onResolved })}
        >
          {t('supportTickets.accept')}
        </Button>
        <Button size="sm" variant="secondary" disabled={pending} onClick={() => giveBack.mutate(ticketId)}>
          {t('supportTickets.returnForRevision')}
        </Button>
      </div>
      {resolve.isError || giveBack.isError ? (
        <p role="alert" className={styles.error}>
          {t('supportTickets.actionFailed')}
        </p>
      ) : null}
    </fieldset>
  );
}
