import { Table } from '@mantine/core';
import {
  type PromoCodeStatus,
  promoCodeStatuses,
  promoRewardCurrencies,
  type StaffBonusRule,
  type StaffPromoCode,
} from '@paws/contracts/staff-promotions';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import {
  Badge,
  Button,
  Card,
  ErrorView,
  Field,
  formatDateTime,
  formatMoney,
  Input,
  Loading,
  Modal,
  PageHeader,
  Select,
} from '../../../components/ui';
import { errorOf } from '../../../lib/api';
import { useCan } from '../../../lib/session';
import { useBonusRules } from '../api/get-bonus-rules';
import { promoCodesKey, promoCodesPath } from '../api/get-promo-codes';
import { useSetPromoCodeActive } from '../api/set-promo-code-active';
import { PromoCodeForm } from './promo-code-form';
import { RuleForm } from './rule-form';

const statusLabels: Record<PromoCodeStatus, string> = {
  active: 'Active',
  inactive: 'Deactivated',
  expired: 'Expired',
  used_up: 'Used up',
};
const statusTones = { active: 'good', inactive: 'neutral', expired: 'warn', used_up: 'warn' } as const;
const dollars = (amount: number) => `$${amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

/** Bonus rules (rows the engine reads) and promo codes (made here, entered at sign-up). */
export default function BonusesPage() {
  return (
    <>
      <PageHeader title="Bonuses">
        <p className="field-hint">Rule and promo code changes are audited.</p>
      </PageHeader>
      <RulesCard />
      <PromoCodesCard />
    </>
  );
}

function RulesCard() {
  const rules = useBonusRules();
  const canWrite = useCan('bonuses.write');
  const [editing, setEditing] = useState<StaffBonusRule | null>(null);

  return (
    <Card title="Bonus rules">
      {rules.isPending ? (
        <Loading />
      ) : rules.isError ? (
        <ErrorView message={errorOf(rules.error).message} onRetry={() => rules.refetch()} />
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section className="table-scroll" aria-label="Bonus rules (scrollable)" tabIndex={0}>
          <Table aria-label="Bonus rules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Target</Table.Th>
                <Table.Th scope="col">Reward</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Order</Table.Th>
                {canWrite ? <Table.Th scope="col">Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.data.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>
                    {rule.name}
                    <div className="field-hint">{rule.code}</div>
                  </Table.Td>
                  <Table.Td>{rule.task ? `${rule.kind} · ${rule.task}` : rule.kind}</Table.Td>
                  <Table.Td>{rule.targetAmount === null ? '—' : dollars(rule.targetAmount)}</Table.Td>
                  <Table.Td>{formatMoney(rule.rewardAmount, rule.rewardCurrency)}</Table.Td>
                  <Table.Td>{rule.active ? <Badge tone="good">Active</Badge> : <Badge>Off</Badge>}</Table.Td>
                  <Table.Td>{rule.sortOrder}</Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${rule.name}`}
                        onClick={() => setEditing(rule)}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
      <Modal
        title={`Edit rule: ${editing?.name ?? ''}`}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing ? <RuleForm rule={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </Card>
  );
}

const column = createColumnHelper<StaffPromoCode>();

function PromoCodesCard() {
  const canWrite = useCan('bonuses.write');
  const toggle = useSetPromoCodeActive();
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  const [rewardCurrency, setRewardCurrency] = useState('');

  const columns = [
    column.accessor('code', { header: 'Code', enableSorting: true }),
    column.accessor('amount', {
      header: 'Reward',
      enableSorting: true,
      cell: (c) => formatMoney(c.getValue(), c.row.original.rewardCurrency),
    }),
    column.accessor('expiresAt', {
      header: 'Expires at',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    column.accessor('usesCount', {
      header: 'Uses',
      enableSorting: true,
      cell: (c) =>
        `${c.getValue().toLocaleString('en-GB')} / ${c.row.original.maxUses.toLocaleString('en-GB')}`,
    }),
    column.accessor('status', {
      header: 'Status',
      enableSorting: false,
      cell: (c) => <Badge tone={statusTones[c.getValue()]}>{statusLabels[c.getValue()]}</Badge>,
    }),
    column.accessor('createdAt', {
      header: 'Created at',
      enableSorting: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    ...(canWrite
      ? [
          column.display({
            id: 'actions',
            header: 'Actions',
            cell: (c) => {
              const promo = c.row.original;
              return (
                <Button
                  variant={promo.active ? 'ghost' : 'secondary'}
                  aria-label={`${promo.active ? 'Deactivate' : 'Activate'} ${promo.code}`}
                  busy={toggle.isPending && toggle.variables?.id === promo.id}
                  onClick={() => toggle.mutate({ id: promo.id, active: !promo.active })}
                >
                  {promo.active ? 'Deactivate' : 'Activate'}
                </Button>
              );
            },
          }),
        ]
      : []),
  ];

  return (
    <Card title="Promo codes">
      {canWrite ? <PromoCodeForm /> : null}
      <div className="filters">
        <Field label="Code starts with">
          {(props) => (
            <Input {...props} value={code} maxLength={6} onChange={(e) => setCode(e.target.value.trim())} />
          )}
        </Field>
        <Field label="Status">
          {(props) => (
            <Select {...props} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Any</option>
              {promoCodeStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabels[s]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Reward currency filter">
          {(props) => (
            <Select {...props} value={rewardCurrency} onChange={(e) => setRewardCurrency(e.target.value)}>
              <option value="">Any</option>
              {promoRewardCurrencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {toggle.isError ? <p className="field-error">{errorOf(toggle.error).message}</p> : null}
      <DataTable
        label="Promo codes"
        path={promoCodesPath}
        queryKey={promoCodesKey}
        columns={columns}
        filters={{ code, status, rewardCurrency }}
        defaultSort={{ id: 'createdAt', desc: true }}
        rowKey={(row) => row.id}
        emptyText="No promo codes"
      />
    </Card>
  );
}
