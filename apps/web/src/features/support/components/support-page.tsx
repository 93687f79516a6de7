import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useAuthStatus, useUser } from '@/lib/session/use-session';
import { useCreateTicket } from '../api/create-ticket';
import { ContactUsBlock, HotlineBlock } from './contact-blocks';
import { NewTicketForm } from './new-ticket-form';
import styles from './support.module.css';
import { TicketList } from './ticket-list';

/**
 * Spec 001 §2 /profile/support: the contact-us block (which opens a new request), the hotline, and the
 * latest applications. A new request opens its own page, where the chat is.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isSignedIn } = useAuthStatus();
  const user = useUser().data?.user;
  const create = useCreateTicket();
  const [searchParams, setSearchParams] = useSearchParams();
  // The banned modal's 'Appeal in the app' lands here: the new request opens made out as an appeal.
  const [appeal] = useState(() => searchParams.get('appeal') === 'ban');
  const [writing, setWriting] = useState(appeal);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, so a reload does not open it again.
  useEffect(() => {
    if (appeal) setSearchParams({}, { replace: true });
  }, []);

  return (
    <>
      <PageHeader title={t('pages.support.heading')} lead={t('pages.support.lead')} />
      <div className={styles.page}>
        <div className={styles.blocks}>
          <ContactUsBlock onNewRequest={() => setWriting(true)} />
          <HotlineBlock />
        </div>
        <TicketList enabled={isSignedIn} />
      </div>
      <Modal
        open={writing}
        onClose={() => setWriting(false)}
        title={t(appeal ? 'supportTickets.form.appealTitle' : 'supportTickets.form.title')}
        className={styles.formModal}
      >
        <NewTicketForm
          key={user?.userId ?? 'none'}
          signedIn
          defaults={{
            nameOfUser: user?.username ?? '',
            email: user?.email ?? '',
            ...(appeal && {
              invocationCategory: 'CONSULTATION',
              message: t('supportTickets.form.appealMessage'),
            }),
          }}
          mutation={create}
          onCancel={() => setWriting(false)}
          onCreated={(created) => {
            setWriting(false);
            navigate(paths.profileSupportTicket.getHref(created.id));
          }}
        />
      </Modal>
    </>
  );
}
