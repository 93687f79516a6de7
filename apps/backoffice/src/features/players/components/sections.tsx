import type {
  PlayerBet,
  PlayerBonus,
  PlayerLedgerEntry,
  PlayerPayment,
  PlayerSession,
  PlayerSignIn,
  PlayerVerification,
} from '@paws/contracts/staff-players';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Badge, Field, formatDateTime, formatMoney, Select } from '../../../components/ui';
import { useCan } from '../../../lib/session';
import { playerKeys } from '../api/keys';

const when = (iso: string | null) => formatDateTime(iso);
const currencies = ['USD', 'PAWS', 'BONUS_USD', 'FREE_SPINS'];

const ledger = createColumnHelper<PlayerLedgerEntry>();
export function LedgerSection({ playerId }: { playerId: string }) {
  const [currency, setCurrency] = useState('');
  return (
    <>
      <div className="filters">
        <Field label="Currency">
          {(props) => (
            <Select {...props} value={currency} onChange={(e) => setCurrency(e.target.value)}>
              <option value="">Any</option>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <DataTable
        label="Ledger entries"
        path={`/players/${playerId}/ledger`}
        queryKey={playerKeys.section('ledger')}
        filters={{ currency }}
        defaultSort={{ id: 'createdAt', desc: true }}
        rowKey={(row) => `${row.transactionId}:${row.currencyCode}`}
        columns={[
          ledger.accessor('createdAt', {
            header: 'Time',
            enableSorting: true,
            cell: (c) => when(c.getValue()),
          }),
          ledger.accessor('kind', { header: 'Kind', enableSorting: false }),
          ledger.accessor('amount', {
            header: 'Amount',
            enableSorting: false,
            cell: (c) => formatMoney(c.getValue(), c.row.original.currencyCode),
          }),
          ledger.accessor('balanceAfter', {
            header: 'Balance after',
            enableSorting: false,
            cell: (c) =>
              c.getValue() === null ? '—' : formatMoney(c.getValue() ?? 0, c.row.original.currencyCode),
          }),
          ledger.accessor('reference', { header: 'Reference', enableSorting: false }),
        ]}
      />
    </>
  );
}

const bets = createColumnHelper<PlayerBet>();
export function BetsSection({ playerId }: { playerId: string }) {
  return (
    <DataTable
      label="Bets and rounds"
      path={`/players/${playerId}/bets`}
      queryKey={playerKeys.section('bets')}
      defaultSort={{ id: 'createdAt', desc: true }}
      rowKey={(row) => `${row.providerCode}:${row.roundId}:${row.currencyCode}`}
      columns={[
        bets.accessor('createdAt', { header: 'Time', enableSorting: true, cell: (c) => when(c.getValue()) }),
        bets.accessor('roundId', {
          header: 'Round',
          enableSorting: false,
          cell: (c) => <code>{c.getValue()}</code>,
        }),
        bets.accessor('gameCode', {
          header: 'Game',
          enableSorting: false,
          cell: (c) => `${c.getValue() ?? '—'} (${c.row.original.providerName})`,
        }),
        bets.accessor('stake', {
          header: 'Stake',
          enableSorting: false,
          cell: (c) => (
            <>
              {formatMoney(c.getValue(), c.row.original.currencyCode)}
              {c.row.original.rolledBack ? <Badge tone="warn">rolled back</Badge> : null}
            </>
          ),
        }),
        bets.accessor('win', {
          header: 'Win',
          enableSorting: false,
          cell: (c) => formatMoney(c.getValue(), c.row.original.currencyCode),
        }),
        bets.display({
          id: 'fairness',
          header: 'Fairness',
          cell: (c) =>
            c.row.original.verifyUrl ? (
              <a
                href={c.row.original.verifyUrl}
                target="_blank"
                rel="noopener noreferrer"
                title={
                  c.row.original.seedRevealed
                    ? undefined
                    : 'The server seed is revealed when the player rotates it'
                }
              >
                Verify
              </a>
            ) : (
              '—'
            ),
        }),
      ]}
    />
  );
}

const payments = createColumnHelper<PlayerPayment>();
export function PaymentsSection({ playerId }: { playerId: string }) {
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  return (
    <>
      <div className="filters">
        <Field label="Type">
          {(props) => (
            <Select {...props} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">Any</option>
              <option value="DEPOSIT">Deposit</option>
              <option value="WITHDRAW">Withdrawal</option>
            </Select>
          )}
        </Field>
        <Field label="Status">
          {(props) => (
            <Select {...props} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Any</option>
              <option value="PENDING">Pending</option>
              <option value="COMPLETED">Completed</option>
              <option value="DECLINED">Declined</option>
            </Select>
          )}
        </Field>
      </div>
      <DataTable
        label="Payments"
        path={`/players/${playerId}/payments`}
        queryKey={playerKeys.section('payments')}
        filters={{ type, status }}
        defaultSort={{ id: 'createdAt', desc: true }}
        rowKey={(row) => row.id}
        columns={[
          payments.accessor('createdAt', {
            header: 'Time',
            enableSorting: true,
            cell: (c) => when(c.getValue()),
          }),
          payments.accessor('type', { header: 'Type', enableSorting: false }),
          payments.accessor('status', {
            header: 'Status',
            enableSorting: false,
            cell: (c) => (
              <Badge
                tone={c.getValue() === 'COMPLETED' ? 'good' : c.getValue() === 'DECLINED' ? 'bad' : 'warn'}
              >
                {c.getValue()}
              </Badge>
            ),
          }),
          payments.accessor('amount', {
            header: 'Amount',
            enableSorting: true,
            cell: (c) => formatMoney(c.getValue(), c.row.original.currencyCode),
          }),
          payments.accessor('paymentMethod', { header: 'Method', enableSorting: false }),
          payments.accessor('providerReference', {
            header: 'Provider reference',
            enableSorting: false,
            cell: (c) => `${c.row.original.provider}${c.getValue() ? ` · ${c.getValue()}` : ''}`,
          }),
        ]}
      />
    </>
  );
}

const bonuses = createColumnHelper<PlayerBonus>();
export function BonusesSection({ playerId }: { playerId: string }) {
  return (
    <DataTable
      label="Bonuses"
      path={`/players/${playerId}/bonuses`}
      queryKey={playerKeys.section('bonuses')}
      defaultSort={{ id: 'createdAt', desc: true }}
      rowKey={(row) => row.id}
      columns={[
        bonuses.accessor('createdAt', {
          header: 'Time',
          enableSorting: true,
          cell: (c) => when(c.getValue()),
        }),
        bonuses.accessor('ruleName', { header: 'Rule', enableSorting: false }),
        bonuses.accessor('kind', { header: 'Kind', enableSorting: false }),
        bonuses.accessor('periodKey', { header: 'Period', enableSorting: false }),
        bonuses.accessor('amount', {
          header: 'Amount',
          enableSorting: true,
          cell: (c) => formatMoney(c.getValue(), c.row.original.currencyCode),
        }),
      ]}
    />
  );
}

const verifications = createColumnHelper<PlayerVerification>();
export function VerificationsSection({ playerId }: { playerId: string }) {
  // The document itself is verifications.review (finance, admin); others see its name only.
  const canOpen = useCan('verifications.review');
  return (
    <DataTable
      label="Verification documents"
      path={`/players/${playerId}/verifications`}
      queryKey={playerKeys.section('verifications')}
      defaultSort={{ id: 'createdAt', desc: true }}
      rowKey={(row) => row.id}
      columns={[
        verifications.accessor('createdAt', {
          header: 'Started',
          enableSorting: true,
          cell: (c) => when(c.getValue()),
        }),
        verifications.accessor('status', { header: 'Status', enableSorting: false }),
        verifications.accessor('result', {
          header: 'Result',
          enableSorting: false,
          cell: (c) => c.getValue() ?? '—',
        }),
        verifications.accessor('submittedAt', {
          header: 'Handed in',
          enableSorting: false,
          cell: (c) => when(c.getValue()),
        }),
        verifications.accessor('document', {
          header: 'Document',
          enableSorting: false,
          cell: (c) => {
            const document = c.getValue();
            if (!document) return '—';
            if (!canOpen) return document.name;
            return (
              <a href={document.url} target="_blank" rel="noopener noreferrer">
                {document.name}
              </a>
            );
          },
        }),
      ]}
    />
  );
}

const sessions = createColumnHelper<PlayerSession>();
export function SessionsSection({ playerId }: { playerId: string }) {
  return (
    <DataTable
      label="Sessions and devices"
      path={`/players/${playerId}/sessions`}
      queryKey={playerKeys.section('sessions')}
      defaultSort={{ id: 'lastUsedAt', desc: true }}
      rowKey={(row) => row.id}
      columns={[
        sessions.accessor('createdAt', {
          header: 'Signed in',
          enableSorting: true,
          cell: (c) => when(c.getValue()),
        }),
        sessions.accessor('lastUsedAt', {
          header: 'Last used',
          enableSorting: true,
          cell: (c) => when(c.getValue()),
        }),
        sessions.accessor('active', {
          header: 'State',
          enableSorting: false,
          cell: (c) =>
            c.getValue() ? (
              <Badge tone="good">active</Badge>
            ) : c.row.original.revokedAt ? (
              <Badge tone="neutral">ended {when(c.row.original.revokedAt)}</Badge>
            ) : (
              <Badge tone="neutral">expired</Badge>
            ),
        }),
        sessions.accessor('ip', { header: 'IP', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
        sessions.accessor('userAgent', {
          header: 'Device',
          enableSorting: false,
          cell: (c) => (
            <>
              {c.getValue() ?? 'unknown'}
              {c.row.original.newDevice ? <Badge tone="warn">new device</Badge> : null}
            </>
          ),
        }),
      ]}
    />
  );
}

const signIns = createColumnHelper<PlayerSignIn>();
const failures: Record<string, string> = {
  wrong_password: 'wrong password',
  banned: 'banned',
  unconfirmed: 'e-mail not confirmed',
  passkey_invalid: 'passkey: answer not valid',
  passkey_unverified: 'passkey: user not verified',
  passkey_copied: 'passkey looked copied: blocked',
  passkey_blocked: 'passkey blocked',
  passkey_restricted: 'passkey: account restricted',
};
export function SignInsSection({ playerId }: { playerId: string }) {
  const [success, setSuccess] = useState('');
  return (
    <>
      <div className="filters">
        <Field label="Outcome">
          {(props) => (
            <Select {...props} value={success} onChange={(e) => setSuccess(e.target.value)}>
              <option value="">Any</option>
              <option value="true">Signed in</option>
              <option value="false">Refused</option>
            </Select>
          )}
        </Field>
      </div>
      <DataTable
        label="Sign-in history"
        path={`/players/${playerId}/sign-ins`}
        queryKey={playerKeys.section('sign-ins')}
        filters={{ success }}
        defaultSort={{ id: 'at', desc: true }}
        rowKey={(row) => row.id}
        columns={[
          signIns.accessor('at', { header: 'Time', enableSorting: true, cell: (c) => when(c.getValue()) }),
          signIns.accessor('success', {
            header: 'Outcome',
            enableSorting: false,
            cell: (c) =>
              c.getValue() ? (
                <Badge tone="good">signed in</Badge>
              ) : (
                <Badge tone="bad">
                  refused: {failures[c.row.original.failure ?? ''] ?? c.row.original.failure}
                </Badge>
              ),
          }),
          signIns.accessor('ip', { header: 'IP', enableSorting: false, cell: (c) => c.getValue() ?? '—' }),
          signIns.accessor('userAgent', {
            header: 'Device',
            enableSorting: false,
            cell: (c) => (
              <>
                {c.getValue() ?? 'unknown'}
                {c.row.original.newDevice ? <Badge tone="warn">new device</Badge> : null}
              </>
            ),
          }),
        ]}
      />
    </>
  );
}
