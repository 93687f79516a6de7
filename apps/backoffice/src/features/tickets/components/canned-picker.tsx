import type { CannedResponse } from '@paws/contracts/staff-tickets';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, ErrorView, Input, Loading } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCanned } from '../api/canned';

/** `{name}` in a canned response becomes the requester's name when it is inserted. */
export const fillCanned = (text: string, name: string) => text.replaceAll('{name}', name);

/** Pick a canned response to insert into the reply; a filter narrows a long list. */
export function CannedPicker({ onPick }: { onPick: (response: CannedResponse) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const canned = useCanned();
  const panelId = useId();
  const needle = filter.trim().toLowerCase();
  const items = (canned.data ?? []).filter(
    (c) => !needle || c.title.toLowerCase().includes(needle) || c.text.toLowerCase().includes(needle),
  );

  return (
    <div className="canned-picker">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        Canned responses
      </Button>
      {open ? (
        <section id={panelId} className="canned-panel" aria-label="Canned responses">
          <Input
            type="search"
            className="input canned-filter"
            aria-label="Filter canned responses"
            placeholder="Filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          {canned.isPending ? (
            <Loading />
          ) : canned.isError ? (
            <ErrorView message={errorOf(canned.error).message} onRetry={() => canned.refetch()} />
          ) : items.length === 0 ? (
            <p className="empty">
              {canned.data.length === 0 ? 'No canned responses yet.' : 'None match.'}{' '}
              <Link to="/tickets/canned">Manage them</Link>
            </p>
          ) : (
            <ul>
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className="canned-item"
                    onClick={() => {
                      onPick(item);
                      setOpen(false);
                      setFilter('');
                    }}
                  >
                    <strong>{item.title}</strong>
                    <span className="field-hint">{item.text}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}
