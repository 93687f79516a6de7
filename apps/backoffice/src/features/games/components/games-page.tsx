import { useState } from 'react';
import { SectionTabs } from '../../../components/section-tabs';
import { PageHeader } from '../../../components/ui';
import { useCan } from '../../../lib/session';
import { GamesTable } from './games-table';
import { RtpReport } from './rtp-report';

/** The catalogue's settings (enabled, order, category, recommended) and, for finance, the RTP report. */
export default function GamesPage() {
  const canSeeRtp = useCan('games.rtp');
  const [tab, setTab] = useState<'catalogue' | 'rtp'>('catalogue');
  return (
    <>
      <PageHeader title="Games">
        <p className="field-hint">
          Changes show in the players’ lobby at once: a disabled game leaves the lists and cannot be opened.
        </p>
      </PageHeader>
      {canSeeRtp ? (
        <SectionTabs
          label="Games"
          tabs={[
            { id: 'catalogue', label: 'Catalogue' },
            { id: 'rtp', label: 'RTP report' },
          ]}
          value={tab}
          onChange={setTab}
        >
          {tab === 'rtp' ? <RtpReport /> : <GamesTable />}
        </SectionTabs>
      ) : (
        <GamesTable />
      )}
    </>
  );
}
