import { STAFF_SEARCH_MAX, STAFF_SEARCH_MIN, type StaffSearchResult } from '@paws/contracts/staff-search';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { focusAmong, useShortcuts } from '../../../lib/shortcuts';
import { useGlobalSearch } from '../api/search';
import './global-search.css';

const DEBOUNCE_MS = 250;

interface Hit {
  key: string;
  to: string;
  title: string;
  detail: string;
}

function hitsOf(result: StaffSearchResult): Array<{ group: string; hits: Hit[] }> {
  const groups = [
    {
      group: 'Players',
      hits: result.players.map((p) => ({
        key: `player:${p.id}`,
        to: `/players/${p.id}`,
        title: p.username ?? p.email ?? p.phone ?? p.id,
        detail: [p.email, p.phone, p.banned ? 'banned' : null].filter(Boolean).join(' · '),
      })),
    },
    {
      group: 'Tickets',
      hits: result.tickets.map((t) => ({
        key: `ticket:${t.id}`,
        to: `/tickets/${t.id}`,
        title: t.subject,
        detail: `${t.requesterEmail} · ${t.status}`,
      })),
    },
    {
      group: 'Transactions',
      hits: result.transactions.map((t) => ({
        key: `${t.source}:${t.id}`,
        to: `/players/${t.userId}?tab=${t.source === 'payment' ? 'payments' : 'ledger'}`,
        title: `${t.kind} ${formatMoney(t.amount, t.currencyCode)}`,
        detail: [t.status, t.id].filter(Boolean).join(' · '),
      })),
    },
  ];
  return groups.filter((g) => g.hits.length > 0);
}

/**
 * The search box on every page (press '/' to reach it): players by id, e-mail, username or phone; tickets by
 * id, subject or requester; a payment or ledger transaction by its id. Arrow keys walk the results, Enter
 * opens the first, Escape closes.
 */
export function GlobalSearch() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultsId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const search = useGlobalSearch(q);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the results on every navigation.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useShortcuts({
    '/': () => {
      input.current?.focus();
      input.current?.select();
    },
  });

  // Both the typed text and the asked query: a cleared box (Escape in a search field) hides the results at once.
  const ready = q.trim().length >= STAFF_SEARCH_MIN && text.trim().length >= STAFF_SEARCH_MIN;
  const groups = ready && search.data ? hitsOf(search.data) : [];
  const count = groups.reduce((n, g) => n + g.hits.length, 0);
  const links = () => [
    ...(box.current?.querySelectorAll<HTMLAnchorElement>('.global-search-results a') ?? []),
  ];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      setOpen(false);
      input.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (all.length === 0 || !input.current) return;
    event.preventDefault();
    setOpen(true);
    // The box first: ArrowUp from the first result goes back to typing.
    focusAmong([input.current, ...all], event.key === 'ArrowDown' ? 1 : -1);
  }

  const status = !ready
    ? ''
    : search.isError
      ? errorOf(search.error).message
      : search.isFetching && !search.data
        ? 'Searching…'
        : count === 0
          ? `Nothing found for “${q.trim()}”`
          : `${count} ${count === 1 ? 'result' : 'results'}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys and Escape for the box and its results together.
    <div
      className="global-search"
      ref={box}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        ref={input}
        type="search"
        className="global-search-input"
        aria-label="Find a player, ticket or transaction"
        aria-controls={resultsId}
        placeholder="Search  ( / )"
        maxLength={STAFF_SEARCH_MAX}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value) setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          const first = groups[0]?.hits[0];
          if (first) navigate(first.to);
        }}
      />
      <div id={resultsId} className="global-search-results" hidden={!open || !ready}>
        <p role="status" className="global-search-status">
          {status}
        </p>
        {groups.map(({ group, hits }) => (
          <section key={group} aria-label={group}>
            <h2>{group}</h2>
            <ul>
              {hits.map((hit) => (
                <li key={hit.key}>
                  <Link to={hit.to}>
                    <span className="global-search-title">{hit.title}</span>
                    {hit.detail ? <span className="global-search-detail">{hit.detail}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
