import type { TicketStatus } from '@paws/contracts/tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { ButtonLink } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { guestTicketQueryOptions } from '../api/get-guest-ticket';
import { useTicketChat } from '../realtime/use-ticket-chat';
import styles from './support.module.css';
import { isFinished } from './support-ticket-page';
import { CategoryBadge, StatusBadge } from './ticket-badges';
import { TicketChat } from './ticket-chat';

/**
 * Ours (000 §6, visitors send tickets): /support/ticket/{token}, the private link e-mailed to a visitor. It
 * shows their ticket and the same live chat, joined with the link's token instead of a session. A link that
 * expired or that staff revoked (410, when the page loads or on the open chat's socket) says so at once and
 * leads to the contacts page to write a new request.
 */
export function GuestTicketPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery({ ...guestTicketQueryOptions(token), enabled: token !== '' });
  const [pushed, setPushed] = useState<{ status: TicketStatus; at: number } | undefined>(undefined);
  const onStatus = useCallback(
    (status: TicketStatus) => {
      setPushed({ status, at: Date.now() });
      void queryClient.invalidateQueries({ queryKey: guestTicketQueryOptions(token).queryKey });
    },
    [queryClient, token],
  );
  const chat = useTicketChat({ ticketId: query.data?.ticket.id, guestToken: token, onStatus });
  const invalid = isApiClientError(query.error) && [400, 403, 404].includes(query.error.status);
  // 410: the link expired (a month without activity) or staff revoked it, on load or while the chat is open.
  const expired = (isApiClientError(query.error) && query.error.status === 410) || chat.gone;
  const status = pushed && pushed.at > query.dataUpdatedAt ? pushed.status : query.data?.ticket.status;

  let content = null;
  if (expired) {
    content = (
      <div className={styles.page}>
        <p className={styles.muted} role="alert">
          {t('supportTickets.guest.expired')}
        </p>
        <ButtonLink to={paths.contacts.getHref()}>{t('supportTickets.guest.newRequest')}</ButtonLink>
      </div>
    );
  } else if (query.data) {
    const { ticket } = query.data;
    content = (
      <div className={styles.page}>
        <Frame as="header" angled accent className={styles.ticketHead}>
          <div className={styles.ticketTitle}>
            <h2 className={styles.sectionTitle}>
              {t('supportTickets.apealTo')}{' '}
              <time dateTime={ticket.createdAt}>
                {formatDateTime(ticket.createdAt, { locale: i18n.language })}
              </time>
            </h2>
            <p className={styles.muted}>
              {t('supportTickets.guest.from', { name: ticket.nameOfUser, email: ticket.email })}
            </p>
            <div className={styles.badges}>
              <StatusBadge status={status} />
              <CategoryBadge category={ticket.invocationCategory} />
            </div>
          </div>
        </Frame>
        <TicketChat chat={chat} finished={isFinished(status)} />
      </div>
    );
  } else if (invalid || token === '') {
    content = (
      <p className={styles.muted} role="alert">
        {t('supportTickets.guest.invalid')}
      </p>
    );
  } else if (query.isError) {
    content = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  } else {
    content = <PageSpinner />;
  }

  return (
    <>
      <PageHeader title={t('pages.supportGuestTicket.heading')} lead={t('pages.supportGuestTicket.lead')} />
      {content}
    </>
  );
}
