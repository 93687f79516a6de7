import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/session/use-session';
import { useCreateGuestTicket } from '../api/create-ticket';
import { NewTicketForm } from './new-ticket-form';
import styles from './support.module.css';

/**
 * 000 §1/§6: a visitor sends a ticket without logging in (POST /tickets/unAuth), on the contacts page. The
 * answer comes by e-mail with a private link; a signed-in player is sent to Technical support instead.
 */
export function VisitorTicketSection() {
  const { t } = useTranslation();
  const { isSignedIn, isPending } = useAuthStatus();
  const create = useCreateGuestTicket();
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const [round, setRound] = useState(0);

  if (isPending) return null;

  let body = null;
  if (isSignedIn) {
    body = (
      <>
        <p className={styles.blockText}>{t('supportTickets.form.signedIn')}</p>
        <ButtonLink to={paths.profileSupport.getHref()} className={styles.blockAction}>
          {t('supportTickets.form.toSupport')}
        </ButtonLink>
      </>
    );
  } else if (sentTo !== undefined) {
    body = (
      <>
        <p className={styles.sent} role="status">
          {t('supportTickets.form.visitorSent', { email: sentTo })}
        </p>
        <Button
          variant="secondary"
          className={styles.blockAction}
          onClick={() => {
            create.reset();
            setSentTo(undefined);
            setRound((value) => value + 1);
          }}
        >
          {t('supportTickets.form.another')}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className={styles.blockText}>{t('supportTickets.form.visitorLead')}</p>
        <NewTicketForm
          key={round}
          signedIn={false}
          mutation={create}
          onCreated={(_created, email) => setSentTo(email)}
        />
      </>
    );
  }

  return (
    <Frame
      as="section"
      angled
      accent
      className={`${styles.block} ${styles.visitor}`}
      aria-labelledby="visitor-ticket"
    >
      <h2 id="visitor-ticket" className={styles.blockTitle}>
        {t('supportTickets.form.visitorTitle')}
      </h2>
      {body}
    </Frame>
  );
}
