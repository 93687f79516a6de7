import { gameCategories } from '@paws/contracts/catalog';
import { GAME_ORDER_MAX, type StaffGame, type StaffGameUpdate } from '@paws/contracts/staff-reports';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Field, formatDateTime, Input, Select } from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { staffGamesKey } from '../api/games-list';
import { useUpdateGame } from '../api/update-game';

const column = createColumnHelper<StaffGame>();
const categoryLabel = (category: string) => category.replaceAll('_', ' ').toLowerCase();

/**
 * One control of a game's row: each change is saved at once, and the server's answer to it (its field's
 * message, or why it was refused) shows under that control.
 */
function useRowUpdate(game: StaffGame) {
  const update = useUpdateGame();
  return {
    busy: update.isPending,
    save: (change: StaffGameUpdate) => update.mutate({ id: game.id, ...change }),
    error: update.isError ? errorOf(update.error).message : undefined,
  };
}

function EnabledCell({ game, canWrite }: { game: StaffGame; canWrite: boolean }) {
  const row = useRowUpdate(game);
  return (
    <div>
      <label className="row">
        <input
          type="checkbox"
          checked={game.enabled}
          disabled={!canWrite || row.busy}
          onChange={(e) => row.save({ enabled: e.target.checked })}
          aria-label={`${game.name} enabled`}
        />
        {game.enabled ? 'Enabled' : 'Disabled'}
      </label>
      {row.error ? (
        <p className="field-error" role="alert">
          {row.error}
        </p>
      ) : null}
    </div>
  );
}

function OrderCell({ game, canWrite }: { game: StaffGame; canWrite: boolean }) {
  const row = useRowUpdate(game);
  const [value, setValue] = useState(String(game.order));
  const commit = () => {
    if (value !== String(game.order)) row.save({ order: value.trim() === '' ? Number.NaN : Number(value) });
  };
  if (!canWrite) return <>{game.order}</>;
  return (
    <Field label={`Order of ${game.name}`} hideLabel error={row.error}>
      {(props) => (
        <Input
          {...props}
          type="number"
          min={0}
          max={GAME_ORDER_MAX}
          step={1}
          value={value}
          disabled={row.busy}
          onChange={(e) => setValue(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
          style={{ width: '6rem' }}
        />
      )}
    </Field>
  );
}

function CategoryCell({ game, canWrite }: { game: StaffGame; canWrite: boolean }) {
  const row = useRowUpdate(game);
  if (!canWrite) return <>{categoryLabel(game.category)}</>;
  return (
    <Field label={`Category of ${game.name}`} hideLabel error={row.error}>
      {(props) => (
        <Select
          {...props}
          value={game.category}
          disabled={row.busy}
          onChange={(e) => row.save({ category: e.target.value as StaffGame['category'] })}
        >
          {gameCategories.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(category)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

function RecommendedCell({ game, canWrite }: { game: StaffGame; canWrite: boolean }) {
  const row = useRowUpdate(game);
  return (
    <div>
      <input
        type="checkbox"
        checked={game.recommended}
        disabled={!canWrite || row.busy}
        onChange={(e) => row.save({ recommended: e.target.checked })}
        aria-label={`${game.name} recommended`}
      />
      {row.error ? (
        <p className="field-error" role="alert">
          {row.error}
        </p>
      ) : null}
    </div>
  );
}

/** Every catalogue game, enabled or not, with its settings; admins change them in place. */
export function GamesTable() {
  const canWrite = useCan('games.write');
  const [search, setSearch] = useState('');
  const [enabled, setEnabled] = useState('');
  const columns = [
    column.accessor('order', {
      header: 'Order',
      enableSorting: true,
      // Keyed by the saved order, so a refused or saved change resets the field to what the server holds.
      cell: (c) => (
        <OrderCell key={`${c.row.original.id}:${c.getValue()}`} game={c.row.original} canWrite={canWrite} />
      ),
    }),
    column.accessor('name', { header: 'Game', enableSorting: true }),
    column.accessor('providerName', { header: 'Provider', enableSorting: false }),
    column.accessor('category', {
      header: 'Category',
      enableSorting: true,
      cell: (c) => <CategoryCell game={c.row.original} canWrite={canWrite} />,
    }),
    column.accessor('enabled', {
      header: 'Enabled',
      enableSorting: true,
      cell: (c) => <EnabledCell game={c.row.original} canWrite={canWrite} />,
    }),
    column.accessor('recommended', {
      header: 'Recommended',
      enableSorting: true,
      cell: (c) => <RecommendedCell game={c.row.original} canWrite={canWrite} />,
    }),
    column.accessor('updatedAt', {
      header: 'Changed',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
  ];
  return (
    <>
      <div className="filters">
        <Field label="Search">
          {(props) => (
            <Input
              {...props}
              value={search}
              placeholder="Game name"
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </Field>
        <Field label="Status">
          {(props) => (
            <Select {...props} value={enabled} onChange={(e) => setEnabled(e.target.value)}>
              <option value="">All games</option>
              <option value="true">Enabled</option>
              <option value="false">Disabled</option>
            </Select>
          )}
        </Field>
      </div>
      <DataTable
        label="Games"
        path="/games"
        queryKey={staffGamesKey}
        columns={columns}
        filters={{ search, enabled }}
        defaultSort={{ id: 'order', desc: false }}
        rowKey={(row) => row.id}
        pageSize={50}
      />
    </>
  );
}
