import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableProps } from '../data-table';
import { Button, ChoiceField, Modal } from '../ui';
import { Decision, type Refusal, type Verdict } from './decision';
import type { ReviewEndpoint } from './review-api';

/** A queue decided from its list: an Actions column, and a dialog titled 'Approve <noun>' or '<refusal> <noun>'. */
export interface ListDecisions<T> {
  noun: string;
  /** What the dialog shows of the item decided on. */
  summary: (item: T) => ReactNode;
  /** What approving does, said before the dialog's Approve. */
  approvalNote: string;
  refusal: Refusal;
  /** The Actions cell: `buttons` (Approve, the refusal) where the member may decide; else a note or nothing. */
  actions: (item: T, buttons: ReactNode) => ReactNode;
}

/** One choice above the list, sent as the query parameter `name`. */
export interface ReviewFilter<F extends string> {
  name: string;
  label: string;
  value: F;
  choices: Record<F, string>;
  onChange: (value: F) => void;
}

type ReviewTableProps<T, F extends string> = Omit<DataTableProps<T>, 'path' | 'queryKey' | 'rowKey'> & {
  endpoint: ReviewEndpoint;
  /** The item's id: the table's row key and what a decision is about. */
  rowKey: (item: T) => string;
  filter?: ReviewFilter<F>;
  decisions?: ListDecisions<T>;
};

/**
 * A review queue's list: its filter, the server-side table (paging, sorting, CSV) and, when the queue is
 * decided from the list, the Approve and refusal buttons and their dialog.
 */
export function ReviewTable<T, F extends string = string>({
  endpoint,
  filter,
  decisions,
  columns,
  filters,
  rowKey,
  ...table
}: ReviewTableProps<T, F>) {
  const [deciding, setDeciding] = useState<{ item: T; verdict: Verdict } | null>(null);
  const actions: ColumnDef<T> = {
    id: 'actions',
    header: 'Actions',
    cell: ({ row }) =>
      decisions?.actions(
        row.original,
        <div className="row">
          <Button onClick={() => setDeciding({ item: row.original, verdict: 'approve' })}>Approve</Button>
          <Button variant="danger" onClick={() => setDeciding({ item: row.original, verdict: 'refuse' })}>
            {decisions.refusal.label}
          </Button>
        </div>,
      ),
  };
  return (
    <>
      {filter ? (
        <div className="filters">
          <ChoiceField
            label={filter.label}
            value={filter.value}
            choices={filter.choices}
            onChange={filter.onChange}
          />
        </div>
      ) : null}
      <DataTable
        {...table}
        path={endpoint.path}
        queryKey={endpoint.key}
        columns={decisions ? [...columns, actions] : columns}
        filters={filter ? { ...filters, [filter.name]: filter.value } : filters}
        rowKey={rowKey}
      />
      {decisions ? (
        <Modal
          title={`${deciding?.verdict === 'refuse' ? decisions.refusal.label : 'Approve'} ${decisions.noun}`}
          open={deciding !== null}
          onClose={() => setDeciding(null)}
        >
          {deciding ? (
            <Decision
              key={rowKey(deciding.item)}
              endpoint={endpoint}
              id={rowKey(deciding.item)}
              verdict={deciding.verdict}
              summary={decisions.summary(deciding.item)}
              approvalNote={decisions.approvalNote}
              refusal={decisions.refusal}
              onDone={() => setDeciding(null)}
            />
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}
