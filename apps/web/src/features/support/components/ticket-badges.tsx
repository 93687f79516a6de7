import type { TicketCategory, TicketStatus } from '@paws/contracts/tickets';
import { useTranslation } from 'react-i18next';
import styles from './support.module.css';

const statusTone: Record<TicketStatus, string | undefined> = {
  CREATED: styles.toneNew,
  IN_PROGRESS: styles.toneActive,
  RESOLVE_REQUEST: styles.toneAttention,
  RETURNED: styles.toneAttention,
  CLOSED: styles.toneDone,
  AUTO_CLOSED: styles.toneDone,
};

/** The status badge (spec 001 §3 labels; 'Created' is the default). */
export function StatusBadge({ status }: { status: TicketStatus | undefined }) {
  const { t } = useTranslation();
  const value = status ?? 'CREATED';
  return (
    <span className={`${styles.badge} ${statusTone[value] ?? ''}`}>
      <span className="visually-hidden">{t('supportTickets.status')}: </span>
      {t(`supportTickets.statuses.${value}`)}
    </span>
  );
}

export function CategoryBadge({ category }: { category: TicketCategory }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles.categoryBadge}`}>
      <span className="visually-hidden">{t('supportTickets.category')}: </span>
      {t(`supportTickets.categories.${category}`)}
    </span>
  );
}
