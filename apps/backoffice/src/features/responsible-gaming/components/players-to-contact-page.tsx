import {
  contactOutcomeLabels,
  type FlaggedPlayer,
  HARM_FLAG_SCORE,
  harmMarkerLabels,
} from '@paws/contracts/staff-responsible-gaming';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Badge, Button, formatDateTime, PageHeader } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { responsibleGamingKeys } from '../api/keys';
import { useRunScoring } from '../api/run-scoring';
import { ContactDialog } from './contact-dialog';

const nameOf = (row: FlaggedPlayer) => row.username ?? row.email ?? row.userId;
const column = createColumnHelper<FlaggedPlayer>();

/** The players the latest daily scoring flagged on the markers of harm, why, and a contact to record. */
export default function PlayersToContactPage() {
  const canAct = useCan('responsible-gaming.act');
  const run = useRunScoring();
  const [contacting, setContacting] = useState<FlaggedPlayer | null>(null);
  const columns = [
    column.accessor('userId', {
      header: 'Player',
      enableSorting: false,
      cell: (c) => (
        <Link to={`/players/${c.getValue()}?tab=responsible-gaming`}>{nameOf(c.row.original)}</Link>
      ),
    }),
    column.accessor('score', { header: 'Score', enableSorting: true }),
    // The latest scoring's day: a list that is not today's says the job has not run since.
    column.accessor('day', { header: 'Scored on', enableSorting: false }),
    column.accessor('reasons', {
      header: 'Why',
      enableSorting: false,
      cell: (c) => (
        <ul>
          {c.getValue().map((r) => (
            <li key={r.marker}>
              <strong>{harmMarkerLabels[r.marker]}</strong>: {r.detail}
            </li>
          ))}
        </ul>
      ),
    }),
    column.accessor('lastContact', {
      header: 'Last contact',
      enableSorting: false,
      cell: (c) => {
        const contact = c.getValue();
        if (!contact) return <Badge tone="warn">not contacted</Badge>;
        return `${formatDateTime(contact.at)}: ${contactOutcomeLabels[contact.outcome]}`;
      },
    }),
    ...(canAct
      ? [
          column.display({
            id: 'contact',
            header: 'Contact',
            cell: (c) => (
              <Button
                variant="secondary"
                aria-label={`Record contact with ${nameOf(c.row.original)}`}
                onClick={() => setContacting(c.row.original)}
              >
                Record contact
              </Button>
            ),
          }),
        ]
      : []),
  ];
  return (
    <>
      <PageHeader
        title="Players to contact"
        actions={
          canAct ? (
            <Button variant="secondary" busy={run.isPending} onClick={() => run.mutate()}>
              Run today’s scoring now
            </Button>
          ) : null
        }
      >
        <p className="field-hint">
          Players active in the last 30 days are scored every morning (06:30 UTC) on the markers of harm.
          Those scoring {HARM_FLAG_SCORE} or more are listed: one strong marker, or two others.
        </p>
        {run.isSuccess ? (
          <p role="status">
            Scored {run.data.scored} {run.data.scored === 1 ? 'player' : 'players'} for {run.data.day}:{' '}
            {run.data.flagged} to contact.
          </p>
        ) : null}
        {run.isError ? (
          <p className="field-error" role="alert">
            {errorOf(run.error).message}
          </p>
        ) : null}
      </PageHeader>
      <DataTable
        label="Players to contact"
        path="/responsible-gaming/flagged"
        queryKey={responsibleGamingKeys.flagged}
        defaultSort={{ id: 'score', desc: true }}
        rowKey={(row) => row.userId}
        emptyText="No player to contact in the latest scoring"
        columns={columns}
      />
      {contacting ? (
        <ContactDialog
          playerId={contacting.userId}
          playerName={nameOf(contacting)}
          open
          onClose={() => setContacting(null)}
        />
      ) : null}
    </>
  );
}
