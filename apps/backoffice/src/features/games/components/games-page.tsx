import { useState } from 'react';
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
        <div role="tablist" aria-label="Games" className="tabs">
          <button
            type="button"
            role="tab"
            id="games-tab-catalogue"
            aria-selected={tab === 'catalogue'}
            aria-controls="games-panel"
            onClick={() => setTab('catalogue')}
          >
            Catalogue
          </button>
          <button
            type="button"
            role="tab"
            id="games-tab-rtp"
            aria-selected={tab === 'rtp'}
            aria-controls="games-panel"
            onClick={() => setTab('rtp')}
          >
            RTP report
          </button>
        </div>
      ) : null}
      {canSeeRtp ? (
        <div id="games-panel" role="tabpanel" aria-labelledby={`games-tab-${tab}`}>
          {tab === 'rtp' ? <RtpReport /> : <GamesTable />}
        </div>
      ) : (
        <GamesTable />
      )}
    </>
  );
}
