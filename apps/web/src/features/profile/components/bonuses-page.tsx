import { type ActivityBonus, type BonusesResponse, DAILY_BONUS_DAYS } from '@paws/contracts/bonuses';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { Frame } from '@/components/ui/frame';
import { ProgressBar } from '@/components/ui/progress-bar';
import { PageSpinner } from '@/components/ui/spinner';
import { StatusPanel } from '@/components/ui/status-panel';
import { formatNumber } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { bonusesQueryOptions } from '../api/get-bonuses';
import { useBonusName } from '../utils/bonus-name';
import styles from './bonuses-page.module.css';

const money = (dollars: number) => `$${formatNumber(dollars)}`;

/** The 'special tasks' ring: welcome tasks done of all. */
function TasksRing({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const radius = 42;
  const length = 2 * Math.PI * radius;
  const share = total > 0 ? done / total : 0;
  return (
    <svg
      className={styles.ring}
      viewBox="0 0 100 100"
      role="img"
      aria-label={t('bonusesPage.tasksDone', { done, total })}
    >
      <circle className={styles.ringTrack} cx="50" cy="50" r={radius} />
      <circle
        className={styles.ringFill}
        cx="50"
        cy="50"
        r={radius}
        strokeDasharray={`${length * share} ${length}`}
        transform="rotate(-90 50 50)"
      />
      <text x="50" y="56" textAnchor="middle" className={styles.ringText}>
        {done}/{total}
      </text>
    </svg>
  );
}

function Onboarding({ tasks }: { tasks: BonusesResponse['welcomeBonuses']['onboarding'] }) {
  const { t } = useTranslation();
  const nameOf = useBonusName();
  if (tasks.length === 0) return null;
  const done = tasks.filter((task) => task.hasBonus).length;
  return (
    <Frame as="section" angled accent className={styles.card} aria-labelledby="special-tasks-title">
      <h2 id="special-tasks-title" className={styles.cardTitle}>
        {t('bonusesPage.specialTasks')}
      </h2>
      <div className={styles.tasks}>
        <TasksRing done={done} total={tasks.length} />
        <ul className={styles.taskList}>
          {tasks.map((task) => (
            <li key={task.id} className={task.hasBonus ? styles.taskDone : undefined}>
              <span aria-hidden="true" className={styles.check}>
                {task.hasBonus ? '✓' : ''}
              </span>
              <span className={styles.taskName}>{nameOf(task)}</span>
              <span className={styles.reward}>
                {task.hasBonus ? t('bonusesPage.received') : `+${money(task.amount)}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Frame>
  );
}

function Daily({ daily }: { daily: NonNullable<BonusesResponse['activityBonuses']['daily']> }) {
  const { t } = useTranslation();
  const nameOf = useBonusName();
  const lit = Math.min(daily.betDates.length, DAILY_BONUS_DAYS);
  return (
    <Frame as="section" className={styles.card} aria-labelledby="daily-bonus-title">
      <div className={styles.cardHead}>
        <h2 id="daily-bonus-title" className={styles.cardTitle}>
          {nameOf(daily)}
        </h2>
        <span className={styles.reward}>+{money(daily.amount)}</span>
      </div>
      <p className={styles.lead}>{t('bonusesPage.dailyLead')}</p>
      <ol
        className={styles.days}
        aria-label={t('bonusesPage.daysDone', { done: lit, total: DAILY_BONUS_DAYS })}
      >
        {Array.from({ length: DAILY_BONUS_DAYS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the seven steps are fixed.
          <li key={index} className={index < lit ? styles.dayDone : styles.day}>
            {t('bonusesPage.day', { day: index + 1 })}
          </li>
        ))}
      </ol>
    </Frame>
  );
}

function Progress({ bonus, kind }: { bonus: ActivityBonus; kind: 'bets' | 'wins' }) {
  const { t } = useTranslation();
  const nameOf = useBonusName();
  const volume = kind === 'wins' ? bonus.winningAmount : bonus.sumOfBets;
  const label = t(kind === 'wins' ? 'bonusesPage.won' : 'bonusesPage.bet', {
    volume: money(volume),
    target: money(bonus.targetAmount),
  });
  return (
    <Frame as="section" className={styles.card} aria-label={nameOf(bonus)}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{nameOf(bonus)}</h2>
        <span className={styles.reward}>
          {bonus.credited ? t('bonusesPage.received') : `+${money(bonus.amount)}`}
        </span>
      </div>
      <p className={styles.progressLabel}>{label}</p>
      <ProgressBar label={label} volume={volume} max={bonus.targetAmount} />
    </Frame>
  );
}

/** Spec 001 §2 /profile/bonuses: special tasks, the daily run, weekly, monthly and win-bet progress. */
export function BonusesPage() {
  const { t } = useTranslation();
  const { isSignedIn } = useAuthStatus();
  const { data, isPending, isError, refetch } = useQuery({ ...bonusesQueryOptions(), enabled: isSignedIn });

  let content = null;
  if (data) {
    const { daily, everyWeek, everyMonth, winBet } = data.activityBonuses;
    const none =
      !daily && !everyWeek && !everyMonth && !winBet && data.welcomeBonuses.onboarding.length === 0;
    content = none ? (
      <p className={styles.empty}>{t('bonusesPage.none')}</p>
    ) : (
      <div className={styles.grid}>
        <Onboarding tasks={data.welcomeBonuses.onboarding} />
        {daily ? <Daily daily={daily} /> : null}
        {everyWeek ? <Progress bonus={everyWeek} kind="bets" /> : null}
        {everyMonth ? <Progress bonus={everyMonth} kind="bets" /> : null}
        {winBet ? <Progress bonus={winBet} kind="wins" /> : null}
      </div>
    );
  } else if (isSignedIn && isError) {
    content = <StatusPanel type="error" onRetry={() => refetch()} />;
  } else if (isSignedIn && isPending) {
    content = <PageSpinner />;
  }

  return (
    <>
      <PageHeader title={t('pages.bonuses.heading')} lead={t('pages.bonuses.lead')} />
      {content}
    </>
  );
}
