import { finishedTicketStatuses, type TicketStatus } from '@paws/contracts/tickets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Frame } from '@/components/ui/frame';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { useResolveTicket } from '../api/change-ticket';
import { ticketQueryOptions } from '../api/get-ticket';
import { TICKETS_KEY } from '../api/get-user-tickets';
import { useTicketChat } from '../realtime/use-ticket-chat';
import { RatingForm } from './rating-form';
import { ResolvePrompt } from './resolve-prompt';
import styles from './support.module.css';
import { CategoryBadge, StatusBadge } from './ticket-badges';
import { TicketChat } from './ticket-chat';

export const isFinished = (status: TicketStatus | undefined) =>
  status !== undefined && (finishedTicketStatuses as readonly TicketStatus[]).includes(status);

/**
 * Spec 001 §2 /profile/support/{id}: 'apeal to' with the date and time, the status and category badges,
 * 'Problem solved' ('Waiting...' while closing), the live chat, and the rating form once it is Closed and
 * not rated. The live status follows the ticket data and the pushed status, whichever is newer.
 */
export function SupportTicketPage() {
  const { id = '' } = useParams();
  // One ticket per instance: moving to another ticket starts clean (its pushed status, its chat).
  return <TicketView key={id} id={id} />;
}

function TicketView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { isSignedIn } = useAuthStatus();
  const query = useQuery({ ...ticketQueryOptions(id), enabled: isSignedIn && id !== '' });
  const resolve = useResolveTicket();
  const [pushed, setPushed] = useState<{ status: TicketStatus; at: number } | undefined>(undefined);
  const onStatus = useCallback(
    (status: TicketStatus) => {
      setPushed({ status, at: Date.now() });
      void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
    [queryClient],
  );
  const chat = useTicketChat({ ticketId: query.data ? id : undefined, onStatus });
  // The list's last messages and unread counts moved on while the chat was open: it refetches when shown again.
  useEffect(
    () => () =>
      void queryClient.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'], refetchType: 'none' }),
    [queryClient],
  );
  const notFound =
    isApiClientError(query.error) && (query.error.status === 404 || query.error.status === 400);

  const status = pushed && pushed.at > query.dataUpdatedAt ? pushed.status : query.data?.status;
  const finished = isFinished(status);

  let content = null;
  if (query.data) {
    const ticket = query.data;
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
            <div className={styles.badges}>
              <StatusBadge status={status} />
              <CategoryBadge category={ticket.invocationCategory} />
            </div>
          </div>
          <Button
            className={styles.solved}
            disabled={resolve.isPending || resolve.isSuccess || status === 'CLOSED' || finished}
            onClick={() => resolve.mutate(ticket.id)}
          >
            {resolve.isPending ? t('supportTickets.waiting') : t('supportTickets.problemSolved')}
          </Button>
          {resolve.isError ? (
            <p role="alert" className={styles.error}>
              {t('supportTickets.actionFailed')}
            </p>
          ) : null}
        </Frame>
        {status === 'RESOLVE_REQUEST' ? <ResolvePrompt ticketId={ticket.id} /> : null}
        <TicketChat chat={chat} finished={finished} />
        {status === 'CLOSED' ? <RatingForm ticketId={ticket.id} rating={ticket.rating} /> : null}
      </div>
    );
  } else if (notFound) {
    content = <p className={styles.muted}>{t('supportTickets.notFound')}</p>;
  } else if (query.isError) {
    content = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  } else if (isSignedIn) {
    content = <PageSpinner />;
  }

  return (
    <>
      <PageHeader
        title={t('pages.supportTicket.heading')}
        lead={t('pages.supportTicket.lead')}
        back={{ to: paths.profileSupport.getHref(), label: t('pages.supportTicket.back') }}
      />
      {content}
    </>
  );
}
