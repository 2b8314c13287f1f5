import { useState } from 'react';
import { Button, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  canOrder,
  FIELD_ACTION_KINDS,
  FIELD_STORED_STATUSES,
  type FieldActionKind,
  type FieldActionRow,
  ORDER_STATUS_COLOURS,
  type OrderStatus,
} from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../../app/dates';
import { canDo } from '../../../app/permissions';
import { useMe } from '../../../app/session';
import { actionsColumn, momentColumn } from '../../../components/columns';
import { PagedTable, type DataTableColumn } from '../../../components/data-table';
import { StoreFilter } from '../../../components/filters';
import { DateFilter } from '../../../components/date-filters';
import { useMoney } from '../../../components/format';
import { SearchBox } from '../../../components/search-box';
import { usePayOrder } from '../../orders/hooks';
import { PaymentModal } from '../../orders/payment-modal';
import { proofUrl, useFieldActions } from './hooks';

type Status = (typeof FIELD_STORED_STATUSES)[number];
const STATUS_COLOURS: Record<Status, string> = { applied: 'green', conflict: 'orange' };
type Filters = { date: string; kind?: FieldActionKind; status?: Status; storeId?: number; keyword?: string };

/** The field actions of a day (loaded when the drawer opens: field-actions.tsx). */
export function FieldActionsList() {
  const { t } = useTranslation();
  const money = useMoney();
  const me = useMe();
  const [filters, setFilters] = useState<Filters>({ date: groupTodayIso() });
  const [paying, setPaying] = useState<FieldActionRow | null>(null);
  const pay = usePayOrder();
  const { date, ...rest } = filters;
  const list = useFieldActions({ ...rest, from: date, to: date }, true);
  const mayPay = canDo(me, 'DispatchOrder', 'edit');

  const columns: DataTableColumn<FieldActionRow>[] = [
    momentColumn(formatDateTime, t('field.office.act.serverTime'), 'serverTime'),
    momentColumn(formatDateTime, t('field.office.act.deviceTime'), 'deviceTime'),
    {
      title: t('field.office.act.kind'),
      dataIndex: 'kind',
      render: (v: FieldActionKind) => <Tag>{t(`field.kind.${v}`)}</Tag>,
      exportLabels: Object.fromEntries(FIELD_ACTION_KINDS.map((k) => [k, t(`field.kind.${k}`)])),
    },
    { title: t('field.office.act.person'), dataIndex: 'userName' },
    {
      title: t('field.office.act.order'),
      dataIndex: 'orderNo',
      render: (v: string | null, r) => (
        <span>
          {v}
          {r.customerName ? (
            <>
              {v ? <br /> : null}
              <Typography.Text type="secondary">{r.customerName}</Typography.Text>
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: t('field.office.act.status'),
      dataIndex: 'status',
      render: (v: Status, r) => (
        <Space direction="vertical" size={2}>
          <Tag color={STATUS_COLOURS[v]} data-testid="field-action-status" data-status={v}>
            {t(`field.status.${v}`)}
          </Tag>
          {r.reasons.map((reason) => (
            <Typography.Text key={reason} type="warning" style={{ fontSize: 12 }}>
              {t(`field.conflict.${reason}`)}
            </Typography.Text>
          ))}
        </Space>
      ),
      exportValue: (r) => [t(`field.status.${r.status}`), ...r.reasons.map((x) => t(`field.conflict.${x}`))].join(' · '),
      exportLabels: Object.fromEntries(FIELD_STORED_STATUSES.map((s) => [s, t(`field.status.${s}`)])),
    },
    {
      title: t('field.office.act.cash'),
      dataIndex: 'cashAmount',
      align: 'right',
      exportKind: 'money',
      // The payment type under the amount (billed deliveries collect no cash).
      render: (v: number | null, r) =>
        v === null ? (
          ''
        ) : (
          <span>
            <span data-testid="field-action-cash">{money.format(v)}</span>
            {r.paymentType ? (
              <>
                <br />
                <Typography.Text type="secondary">{t(`customers.paymentType.${r.paymentType}`)}</Typography.Text>
              </>
            ) : null}
          </span>
        ),
    },
    {
      title: t('field.office.act.orderStatus'),
      dataIndex: 'orderStatus',
      render: (v: OrderStatus | null) =>
        v ? (
          <Tag color={ORDER_STATUS_COLOURS[v]} data-testid="field-action-order-status">
            {t(`orders.status.${v}`)}
          </Tag>
        ) : (
          ''
        ),
    },
    {
      title: t('field.office.act.cylinders'),
      dataIndex: 'lineCount',
      align: 'right',
      render: (v: number, r) => (
        <span>
          {v}
          {r.pendingCount > 0 ? (
            <Tag color="orange" style={{ marginInlineStart: 6 }}>
              {t('field.office.act.pending')} {r.pendingCount}
            </Tag>
          ) : null}
        </span>
      ),
    },
    actionsColumn(t('common.actions'), (r) => (
      <Space direction="vertical" size={4}>
        {r.hasSignature ? (
          <Button size="small" href={proofUrl('actions', r.id, 'signature')} target="_blank" rel="noopener">
            {t('field.office.act.proof')}
          </Button>
        ) : null}
        {mayPay && r.kind === 'deliver' && r.orderId !== null && r.orderStatus && canOrder('pay', r.orderStatus) ? (
          <Button size="small" type="primary" onClick={() => setPaying(r)} data-testid={`field-action-pay-${r.id}`}>
            {t('field.office.postPayment')}
          </Button>
        ) : null}
      </Space>
    )),
  ];

  return (
    <div data-testid="field-actions">
      <PagedTable<FieldActionRow>
        list={list}
        fileName={`field-actions-${date}`}
        columns={columns}
        locale={{ emptyText: t('field.office.noActions') }}
        rowClassName={(r) => (r.status === 'conflict' ? 'field-action-conflict' : '')}
        toolbar={
          <Space wrap>
            <DateFilter label="date" value={date} onChange={(d) => setFilters({ ...filters, date: d })} testId="field-actions-date" />
            <Select<FieldActionKind>
              allowClear
              style={{ width: 170 }}
              placeholder={t('field.office.allKinds')}
              value={filters.kind}
              onChange={(kind) => setFilters({ ...filters, kind })}
              options={FIELD_ACTION_KINDS.map((k) => ({ value: k, label: t(`field.kind.${k}`) }))}
              data-testid="field-actions-kind"
            />
            <Select<Status>
              allowClear
              style={{ width: 150 }}
              placeholder={t('field.office.allStatuses')}
              value={filters.status}
              onChange={(status) => setFilters({ ...filters, status })}
              options={FIELD_STORED_STATUSES.map((s) => ({ value: s, label: t(`field.status.${s}`) }))}
              data-testid="field-actions-status"
            />
            <StoreFilter value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} testId="field-actions-store" />
            <SearchBox
              placeholder={t('field.office.actionsSearch')}
              onSearch={(keyword) => setFilters({ ...filters, keyword })}
              testId="field-actions-search"
              width={220}
            />
          </Space>
        }
      />
      <PaymentModal
        open={paying !== null}
        title={`${t('field.office.paymentTitle')} · ${paying?.orderNo ?? ''}`}
        due={paying?.orderTotal ?? 0}
        onClose={() => setPaying(null)}
        submit={(body) => pay.mutateAsync({ id: paying!.orderId!, body })}
      />
    </div>
  );
}
