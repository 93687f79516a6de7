import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SectionTabs } from '../../../components/section-tabs';
import {
  Badge,
  Button,
  ButtonLink,
  ErrorView,
  formatDateTime,
  Loading,
  PageHeader,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { usePlayer } from '../api/get-player';
import { NotesSection } from './notes-section';
import { BanDialog, SignOutDialog, UnbanDialog } from './player-actions';
import { ProfileSection } from './profile-section';
import { ResponsibleGamingSection } from './responsible-gaming-section';
import {
  BetsSection,
  BonusesSection,
  LedgerSection,
  PaymentsSection,
  SessionsSection,
  SignInsSection,
  VerificationsSection,
} from './sections';
import { SecuritySection } from './security-section';
import { TimelineSection } from './timeline-section';

const tabs = [
  { id: 'profile', label: 'Profile and balances' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'ledger', label: 'Ledger' },
  { id: 'bets', label: 'Bets and rounds' },
  { id: 'payments', label: 'Payments' },
  { id: 'bonuses', label: 'Bonuses' },
  { id: 'verification', label: 'Verification' },
  { id: 'notes', label: 'Notes' },
  { id: 'security', label: 'Sign-in security' },
  { id: 'sessions', label: 'Sessions and devices' },
  { id: 'sign-ins', label: 'Sign-in history' },
  { id: 'responsible-gaming', label: 'Responsible gaming' },
] as const;
type Tab = (typeof tabs)[number]['id'];

/** One player: profile, balances, money, play, verification, notes, sessions; ban, unban, sign out. */
export default function PlayerPage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const player = usePlayer(id);
  const canBan = useCan('players.ban');
  const canSignOut = useCan('players.signout');
  const canAdjust = useCan('adjustments.request');
  const canReadRg = useCan('responsible-gaming.read');
  const shownTabs = tabs.filter((t) => t.id !== 'responsible-gaming' || canReadRg);
  const [dialog, setDialog] = useState<'ban' | 'unban' | 'signout' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tab: Tab = shownTabs.find((t) => t.id === search.get('tab'))?.id ?? 'profile';

  if (player.isPending) return <Loading />;
  if (player.isError)
    return <ErrorView message={errorOf(player.error).message} onRetry={() => player.refetch()} />;
  const p = player.data;
  const name = p.username ?? p.email ?? p.phone ?? p.id;

  const sections: Record<Tab, ReactNode> = {
    profile: <ProfileSection player={p} />,
    timeline: <TimelineSection playerId={id} />,
    ledger: <LedgerSection playerId={id} />,
    bets: <BetsSection playerId={id} />,
    payments: <PaymentsSection playerId={id} />,
    bonuses: <BonusesSection playerId={id} />,
    verification: <VerificationsSection playerId={id} />,
    notes: <NotesSection playerId={id} />,
    security: <SecuritySection playerId={id} />,
    sessions: <SessionsSection playerId={id} />,
    'sign-ins': <SignInsSection playerId={id} />,
    'responsible-gaming': <ResponsibleGamingSection playerId={id} />,
  };

  return (
    <>
      <PageHeader
        title={name}
        actions={
          <>
            {canBan && !p.ban ? (
              <Button variant="danger" onClick={() => setDialog('ban')}>
                Ban player
              </Button>
            ) : null}
            {canBan && p.ban ? (
              <Button variant="secondary" onClick={() => setDialog('unban')}>
                Unban player
              </Button>
            ) : null}
            {canSignOut ? (
              <Button variant="secondary" onClick={() => setDialog('signout')}>
                Sign out everywhere
              </Button>
            ) : null}
            {canAdjust ? (
              <ButtonLink to={`/adjustments/new?playerId=${encodeURIComponent(id)}`}>
                Adjust balance
              </ButtonLink>
            ) : null}
          </>
        }
      >
        <p>
          <Link to="/players">Players</Link>
          {' · '}
          {p.ban ? (
            <Badge tone="bad">
              Banned {p.ban.endsAt ? `until ${formatDateTime(p.ban.endsAt)}` : 'permanently'}: {p.ban.reason}
            </Badge>
          ) : (
            <Badge tone="good">Not banned</Badge>
          )}
          {p.staffRoles.length ? <Badge tone="info">staff: {p.staffRoles.join(', ')}</Badge> : null}
        </p>
      </PageHeader>
      {notice ? (
        <p role="status" className="field-hint">
          {notice}
        </p>
      ) : null}
      <SectionTabs
        label="Player sections"
        tabs={shownTabs}
        value={tab}
        onChange={(next) => setSearch(next === 'profile' ? {} : { tab: next }, { replace: true })}
      >
        {sections[tab]}
      </SectionTabs>
      <BanDialog playerId={id} open={dialog === 'ban'} onClose={() => setDialog(null)} />
      <UnbanDialog playerId={id} open={dialog === 'unban'} onClose={() => setDialog(null)} />
      <SignOutDialog
        playerId={id}
        open={dialog === 'signout'}
        onClose={() => setDialog(null)}
        onDone={(ended) =>
          setNotice(ended === 1 ? 'One session was ended.' : `${ended} sessions were ended.`)
        }
      />
    </>
  );
}
