import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import type { DateRange } from '@/components/ui/date-range-picker';
import { Frame } from '@/components/ui/frame';
import { useAuthStatus } from '@/features/auth/hooks/use-auth';
import { balanceTransactionsQueryOptions } from '@/features/payments/api/get-balance-transactions';
import { formatDateTime, formatNumber } from '@/lib/format';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { betsTransactionsQueryOptions } from '../api/get-bets-transactions';
import { gameSessionsQueryOptions } from '../api/get-game-sessions';
import { userBonusesQueryOptions } from '../api/get-user-bonuses';
import { useBonusName } from '../utils/bonus-name';
import { emptyRange, toRangeParams } from '../utils/date-range';
import { HistoryDateFilter } from './history-date-filter';
import { HistoryList } from './history-list';
import styles from './history-page.module.css';

type ListKey = 'bets' | 'bonuses' | 'transactions' | 'games';
const listKeys: ListKey[] = ['bets', 'bonuses', 'transactions', 'games'];

const amountCurrencies = ['USD', 'BONUS_USD', 'PAWS', 'FREE_SPINS'] as const;

/** An amount with its currency, in the reader's words ('$5', '$5 bonus', '100 PAWS', '10 free spins'). */
function useMoney() {
  const { t } = useTranslation();
  return (amount: number, currencyCode = 'USD') =>
    (amountCurrencies as readonly string[]).includes(currencyCode)
      ? t(`history.amounts.${currencyCode as (typeof amountCurrencies)[number]}`, {
          amount: formatNumber(amount),
        })
      : `${formatNumber(amount)} ${currencyCode}`;
}

function Row({
  title,
  detail,
  date,
  amount,
}: {
  title: string;
  detail?: string;
  date: string;
  amount?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <li className={styles.row}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.rowMeta}>
          {detail ? `${detail} · ` : ''}
          <time dateTime={date}>{formatDateTime(date, { locale: i18n.language })}</time>
        </span>
      </span>
      {amount ? <span className={styles.rowAmount}>{amount}</span> : null}
    </li>
  );
}

/** The frame around one list: its heading, its own date filter, then the list. */
function ListFrame({
  list,
  range,
  onRange,
  extra,
  children,
}: {
  list: ListKey;
  range: DateRange;
  onRange: (range: DateRange) => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Frame as="section" className={styles.list} aria-labelledby={headingId}>
      <div className={styles.listHead}>
        <h2 id={headingId} className={styles.listTitle}>
          {t(`history.${list}`)}
        </h2>
        {extra}
      </div>
      <HistoryDateFilter list={t(`history.${list}`)} value={range} onChange={onRange} />
      {children}
    </Frame>
  );
}

function BetsList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [range, setRange] = useState(emptyRange);
  const query = useInfiniteQuery({ ...betsTransactionsQueryOptions(toRangeParams(range)), enabled });
  const pages = query.data?.pages ?? [];
  const fullAmount = pages[0]?.fullAmount;
  return (
    <ListFrame
      list="bets"
      range={range}
      onRange={setRange}
      extra={
        fullAmount === undefined ? null : (
          <span className={styles.total}>{t('history.total', { amount: money(fullAmount) })}</span>
        )
      }
    >
      <HistoryList
        label={t('history.bets')}
        emptyText={t('history.empty.bets')}
        query={query}
        rows={pages.flatMap((page) =>
          page.transactions.map((bet) => (
            <Row
              key={bet.id}
              title={bet.gameName ?? bet.gameCode ?? bet.providerName}
              detail={bet.gameName || bet.gameCode ? bet.providerName : undefined}
              date={bet.createdAt}
              amount={money(bet.amount, bet.currencyCode)}
            />
          )),
        )}
      />
    </ListFrame>
  );
}

function BonusesList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const nameOf = useBonusName();
  const [range, setRange] = useState(emptyRange);
  const query = useInfiniteQuery({ ...userBonusesQueryOptions(toRangeParams(range)), enabled });
  return (
    <ListFrame list="bonuses" range={range} onRange={setRange}>
      <HistoryList
        label={t('history.bonuses')}
        emptyText={t('history.empty.bonuses')}
        query={query}
        rows={(query.data?.pages ?? []).flatMap((page) =>
          page.userBonuses.map((bonus) => (
            <Row
              key={bonus.id}
              title={nameOf(bonus)}
              date={bonus.createdAt}
              amount={money(bonus.amount, bonus.currencyCode ?? 'BONUS_USD')}
            />
          )),
        )}
      />
    </ListFrame>
  );
}

function TransactionsList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [range, setRange] = useState(emptyRange);
  const query = useInfiniteQuery({ ...balanceTransactionsQueryOptions(toRangeParams(range)), enabled });
  const methodNames: Record<string, string> = {
    CARD: t('payments.methods.CARD'),
    CRYPT: t('payments.methods.CRYPTO'),
    BANK_TRANSFER: t('payments.methods.BANK_TRANSFER'),
  };
  const typeNames: Record<string, string> = t('history.types', { returnObjects: true });
  const statusNames: Record<string, string> = t('history.statuses', { returnObjects: true });
  return (
    <ListFrame list="transactions" range={range} onRange={setRange}>
      <HistoryList
        label={t('history.transactions')}
        emptyText={t('history.empty.transactions')}
        query={query}
        rows={(query.data?.pages ?? []).flatMap((page) =>
          page.balanceTransactions.map((row) => (
            <Row
              key={row.id}
              title={typeNames[row.type] ?? row.type}
              detail={[
                methodNames[row.paymentMethod] ?? row.paymentMethod,
                statusNames[row.status] ?? row.status,
              ]
                .filter(Boolean)
                .join(' · ')}
              date={row.createdAt}
              amount={money(row.amount, row.currencyCode)}
            />
          )),
        )}
      />
    </ListFrame>
  );
}

function GamesList({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const [range, setRange] = useState(emptyRange);
  const query = useInfiniteQuery({ ...gameSessionsQueryOptions(toRangeParams(range)), enabled });
  return (
    <ListFrame list="games" range={range} onRange={setRange}>
      <HistoryList
        label={t('history.games')}
        emptyText={t('history.empty.games')}
        query={query}
        rows={(query.data?.pages ?? []).flatMap((page) =>
          page.gameTokens.map((session) => (
            <Row
              key={session.token}
              title={session.gameName ?? session.gameCode}
              detail={session.providerName}
              date={session.createdAt}
            />
          )),
        )}
      />
    </ListFrame>
  );
}

const lists: Record<ListKey, (props: { enabled: boolean }) => ReactNode> = {
  bets: BetsList,
  bonuses: BonusesList,
  transactions: TransactionsList,
  games: GamesList,
};

/**
 * Spec 001 §2 /profile/history: Bets, Bonuses, Transactions and Games history, each with its own
 * date-range filter and infinite scroll; one at a time by tabs below 1024 px, a grid of four above.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const wide = useMediaQuery(`(min-width: ${breakpoints.desktop}px)`);
  const [tab, setTab] = useState<ListKey>('bets');
  const tabsId = useId();
  const Current = lists[tab];

  return (
    <>
      <PageHeader title={t('pages.history.heading')} lead={t('pages.history.lead')} />
      {wide ? (
        <div className={styles.grid}>
          {listKeys.map((key) => {
            const List = lists[key];
            return <List key={key} enabled={isSignedIn} />;
          })}
        </div>
      ) : (
        <div className={styles.tabbed}>
          <div role="tablist" aria-label={t('history.lists')} className={styles.tabs}>
            {listKeys.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                id={`${tabsId}-${key}`}
                aria-selected={tab === key}
                className={`${styles.tab} ${tab === key ? styles.activeTab : ''}`}
                onClick={() => setTab(key)}
              >
                {t(`history.${key}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-labelledby={`${tabsId}-${tab}`}>
            <Current key={tab} enabled={isSignedIn} />
          </div>
        </div>
      )}
    </>
  );
}
