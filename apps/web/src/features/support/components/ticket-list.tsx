import { type TicketCategory, type TicketListItem, ticketCategories } from '@paws/contracts/tickets';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FilterChips } from '@/components/ui/filter-chips';
import { StatusPanel } from '@/components/ui/status-panel';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { userTicketsQueryOptions } from '../api/get-user-tickets';
import { ResolvePrompt } from './resolve-prompt';
import styles from './support.module.css';
import { CategoryBadge, StatusBadge } from './ticket-badges';

/** The last message prefixed Manager or You (a file alone reads 'Attachment'). */
function LastMessage({ ticket }: { ticket: TicketListItem }) {
  const { t } = useTranslation();
  if (ticket.lastTicketMessage === null) return null;
  const author = ticket.byManager ? t('supportTickets.manager') : t('supportTickets.you');
  return (
    <p className={styles.lastMessage}>
      <span className={styles.author}>{author}: </span>
      {ticket.lastTicketMessage || t('supportTickets.attachment')}
    </p>
  );
}

function TicketItem({ ticket }: { ticket: TicketListItem }) {
  const { t, i18n } = useTranslation();
  return (
    <li className={`${styles.item} ${ticket.unreadCount > 0 ? styles.itemUnread : ''}`}>
      <div className={styles.itemHead}>
        <Link to={paths.profileSupportTicket.getHref(ticket.id)} className={styles.itemLink}>
          {t('supportTickets.appealAt', {
            date: formatDateTime(ticket.createdAt, { locale: i18n.language }),
          })}
        </Link>
        {ticket.unreadCount > 0 ? (
          <span className={styles.unread}>{t('supportTickets.unread', { count: ticket.unreadCount })}</span>
        ) : null}
      </div>
      <LastMessage ticket={ticket} />
      <div className={styles.badges}>
        <StatusBadge status={ticket.status} />
        <CategoryBadge category={ticket.invocationCategory} />
      </div>
      {ticket.status === 'RESOLVE_REQUEST' ? <ResolvePrompt ticketId={ticket.id} /> : null}
    </li>
  );
}

/**
 * Spec 001 §2: the latest applications with the chips All, Manager's consultation, Technical problem,
 * Bug/error detected; 'Loading applications...', the error view with retry, the empty view.
 */
export function TicketList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const query = useInfiniteQuery({ ...userTicketsQueryOptions(category), enabled });
  const tickets = query.data?.pages.flatMap((page) => page.tickets) ?? [];

  let content = null;
  if (query.isError) {
    content = <StatusPanel type="error" onRetry={() => query.refetch()} />;
  } else if (query.isPending) {
    content = enabled ? (
      <p className={styles.muted} role="status">
        {t('supportTickets.loadingApplications')}
      </p>
    ) : null;
  } else if (tickets.length === 0) {
    content = <StatusPanel type="empty" />;
  } else {
    content = (
      <>
        <ul className={styles.list} aria-label={t('supportTickets.listLabel')}>
          {tickets.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            className={styles.more}
            disabled={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('common.loading') : t('supportTickets.showMore')}
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.latest} aria-labelledby="support-latest">
      <h2 id="support-latest" className={styles.sectionTitle}>
        {t('supportTickets.latest')}
      </h2>
      <FilterChips<TicketCategory | ''>
        legend={t('supportTickets.filter')}
        options={(['', ...ticketCategories] as const).map((value) => ({
          value,
          label: t(`supportTickets.categories.${value || 'ALL'}`),
        }))}
        value={category}
        onChange={setCategory}
      />
      {content}
    </section>
  );
}
