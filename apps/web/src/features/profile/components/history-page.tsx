import type { BetHistoryItem } from '@paws/contracts/history';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import type { DateRange } from '@/components/ui/date-range-picker';
import { Frame } from '@/components/ui/frame';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { breakpoints, useMediaQuery } from '@/lib/use-media-query';
import { balanceTransactionsQueryOptions } from '../api/get-balance-transactions';
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
  direction,
  outcome,
}: {
  title: string;
  detail?: string;
  date: string;
  amount?: string;
  /** A movement of the balance: signed and coloured, and named for screen readers. */
  direction?: 'credit' | 'debit';
  /** A further line under the date (a bet's result and its verify link). */
  outcome?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <li className={styles.row}>
      <span className={styles.rowMain}>
        <span className={styles.rowTitle}>{title}</span>
        <span className={styles.rowMeta}>
          {detail ? `${detail} · ` : ''}
          <time dateTime={date}>{formatDateTime(date, { locale: i18n.language })}</time>
        </span>
        {outcome}
      </span>
      {amount ? (
        <span className={`${styles.rowAmount} ${direction ? styles[direction] : ''}`}>
          {direction ? (
            <>
              <span className="visually-hidden">{t(`history.direction.${direction}`)}: </span>
              {`${direction === 'credit' ? '+' : '−'}${amount}`}
            </>
          ) : (
            amount
          )}
        </span>
      ) : null}
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

/**
 * A bet's round: what it paid back and the link that checks it on the studio's verify page. A return of no
 * more than the stake reads 'Returned', never 'Won' (the slot rule of docs/decisions.md, here too).
 */
function BetOutcome({ bet }: { bet: BetHistoryItem }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  if (!bet.result) return null;
  const game = bet.gameName ?? bet.gameCode ?? bet.providerName;
  const date = formatDateTime(bet.createdAt, { locale: i18n.language });
  return (
    <span className={styles.outcome}>
      <span className={bet.result === 'WIN' ? styles.won : undefined}>
        {t(`history.results.${bet.result}`, { amount: money(bet.win ?? 0, bet.winCurrencyCode) })}
      </span>
      {bet.verifyUrl ? (
        <a
          className={styles.verify}
          href={bet.verifyUrl}
          target="_blank"
          rel="noopener"
          // The visible word first, so a voice command saying it still finds the link.
          aria-label={`${t('history.verify')} ${t('history.verifyRound', { game, date })}`}
        >
          {t('history.verify')}
        </a>
      ) : null}
    </span>
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
              outcome={<BetOutcome bet={bet} />}
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
          page.balanceTransactions.map((row) => {
            const direction = row.amount < 0 ? 'debit' : 'credit';
            const typeKey = row.type === 'ROLLBACK' && direction === 'debit' ? 'ROLLBACK_OUT' : row.type;
            // A payment tells its method and state; another movement is done when it is listed.
            const status = row.paymentMethod || row.status !== 'COMPLETED' ? row.status : null;
            return (
              <Row
                key={row.id}
                title={typeNames[typeKey] ?? row.type}
                detail={[
                  row.reason,
                  row.paymentMethod ? (methodNames[row.paymentMethod] ?? row.paymentMethod) : null,
                  status ? (statusNames[status] ?? status) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
                date={row.createdAt}
                amount={money(Math.abs(row.amount), row.currencyCode)}
                direction={direction}
              />
            );
          }),
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
