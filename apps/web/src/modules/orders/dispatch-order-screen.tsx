import { useState } from 'react';
import { Badge, Button, Card, Col, Descriptions, Drawer, Empty, List, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { canOrder, ORDER_STATUSES, type OrderAction } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchInput } from '../customers/customer-screen';
import { PaymentModal } from '../customers/monthly-billing';
import { DateInput, DeliveryPersonSelect, kg, StoreSelect, useInvalidateSales, useMoney, usePaged, useSalesQuery } from '../customers/sales-kit';
import { CancelModal, DeliveredModal, DispatchModal } from './order-dialogs';
import { OrderFormDrawer } from './order-form';
import { STATUS_COLORS, type OrderFull, type OrderListRow } from './order-types';
import { canDo } from '../../app/permissions';
import { formatDateTime, formatTime, groupTodayIso } from '../../app/dates';

type LoadRow = { userId: number; name: string; account: string; count: number; open: number; orders: { id: number; orderNo: string; deliveryAt: string; status: string; customerName: string | null; deliveryAddress: string | null }[] };

/** Each delivery person's orders of the day, so staff can balance the load and reassign. */
function DayLoad({ storeId }: { storeId: number | undefined }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(groupTodayIso());
  const q = useSalesQuery<LoadRow[]>('/orders/dispatch-load', { storeId, date }, !!storeId);
  return (
    <Card
      size="small"
      title={t('orders.dispatch.load')}
      extra={
        <div style={{ width: 150 }}>
          <DateInput value={date} onChange={(v) => v && setDate(v)} allowClear={false} data-testid="load-date" />
        </div>
      }
      data-testid="dispatch-load"
    >
      {!storeId ? <Empty description={t('orders.public.selectStore')} /> : null}
      {storeId && q.data?.length === 0 ? <Empty description={t('orders.dispatch.noPersons')} /> : null}
      <Row gutter={[12, 12]}>
        {(q.data ?? []).map((p) => (
          <Col xs={24} md={12} xl={8} key={p.userId}>
            <Card size="small" title={`${p.name} (${p.account})`} extra={<Space><Badge count={p.count} showZero color="#1f3a5f" /><Tag>{t('orders.dispatch.open', { count: p.open })}</Tag></Space>} data-testid={`load-${p.account}`}>
              <List
                size="small"
                dataSource={p.orders}
                locale={{ emptyText: t('common.empty') }}
                renderItem={(o) => (
                  <List.Item>
                    <Typography.Text>
                      {formatTime(o.deliveryAt)} · {o.customerName} · <Tag>{t(`orders.status.${o.status}`)}</Tag>
                    </Typography.Text>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
}

function OrderDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { fmt } = useMoney();
  const q = useSalesQuery<OrderFull>(`/orders/${id}`, undefined, !!id);
  const o = q.data;
  return (
    <Drawer open={!!id} onClose={onClose} width={820} title={`${t('orders.detail')} ${o?.orderNo ?? ''}`} destroyOnHidden>
      {o ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="order-detail">
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('orders.field.orderNo')}>{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.orderDate')}>{o.orderDate}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.customer')}>{o.customerName ?? t('orders.newCustomer')} {o.customerPhone}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.customerType')}>{o.customerType ? t(`customers.type.${o.customerType}`) : ''}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.status')}>
              <Tag color={STATUS_COLORS[o.status]}>{t(`orders.status.${o.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.source')}>{t(`orders.source.${o.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryPerson')}>{o.deliveryPersonName}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryAt')}>{formatDateTime(o.deliveryAt)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryAddress')} span={2}>{o.deliveryAddress}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousOrder')}>{o.previousOrderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousRefund')}>{fmt(o.previousRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousUsage')}>{o.previousUsageG == null ? '' : `${kg(o.previousUsageG)} kg`}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.currentUsage')}>{o.currentUsageG == null ? '' : `${kg(o.currentUsageG)} kg`}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.currentRemaining')}>{o.currentRemainingG == null ? '' : `${kg(o.currentRemainingG)} kg`}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.scaleDeviceId')}>{o.scaleDeviceId}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.pricePerKg')}>{fmt(o.gasUnitPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasWeight')}>{kg(o.gasWeightG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasAmount')}>{fmt(o.gasAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.residualGas')}>{kg(o.residualGasG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasRefund')}>{fmt(o.gasRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneWeight')}>{kg(o.propaneWeightG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneAmount')}>{fmt(o.propaneAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneResidual')}>{kg(o.propaneResidualG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneRefund')}>{fmt(o.propaneRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.totalAmount')}>
              <b>{fmt(o.totalAmount)}</b>
            </Descriptions.Item>
            {o.cancelReason ? <Descriptions.Item label={t('orders.field.cancelReason')}>{o.cancelReason}</Descriptions.Item> : null}
            {o.remark ? <Descriptions.Item label={t('orders.field.remark')}>{o.remark}</Descriptions.Item> : null}
          </Descriptions>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            title={() => t('orders.section.products')}
            dataSource={o.products}
            columns={[
              { title: t('orders.field.product'), dataIndex: 'productName' },
              { title: t('orders.field.unitPrice'), dataIndex: 'unitPrice', render: (v: number) => fmt(v) },
              { title: t('orders.field.quantity'), dataIndex: 'quantity' },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => fmt(v) },
            ]}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            title={() => t('orders.section.services')}
            dataSource={o.services}
            columns={[
              { title: t('orders.field.serviceContent'), dataIndex: 'content' },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => fmt(v) },
            ]}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            title={() => t('orders.section.cylinders')}
            dataSource={o.cylinders}
            columns={[
              { title: t('orders.field.cylinderKind'), dataIndex: 'kind', render: (v: string) => t(`orders.cylinderKind.${v}`) },
              { title: t('orders.field.opDate'), dataIndex: 'opDate' },
              { title: t('orders.field.gas'), dataIndex: 'gas' },
              { title: t('orders.field.quantity'), dataIndex: 'quantity' },
              { title: t('orders.field.unitPrice'), dataIndex: 'unitPrice', render: (v: number) => fmt(v) },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => fmt(v) },
            ]}
          />
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            title={() => t('customers.tab.payments')}
            dataSource={o.payments}
            columns={[
              { title: t('customers.payment.postingDate'), dataIndex: 'postingDate' },
              { title: t('customers.payment.paymentType'), dataIndex: 'paymentType', render: (v: string) => t(`customers.paymentType.${v}`) },
              { title: t('customers.payment.cashAmount'), dataIndex: 'cashAmount', render: (v: number) => fmt(v) },
              { title: t('customers.payment.billAmount'), dataIndex: 'billAmount', render: (v: number) => fmt(v) },
              { title: t('customers.payment.billNumber'), dataIndex: 'billNumber' },
              { title: t('customers.payment.invoiceNumber'), dataIndex: 'invoiceNumber' },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

/**
 * DispatchOrder: every order of the stores the user works in, with the seed §2 order actions
 * (create, delivered, cancel with confirmation, delete, complete) plus dispatch / reassign, start
 * and payment posting; bulk dispatch of the selected orders and each delivery person's day load.
 */
export function DispatchOrderScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { fmt } = useMoney();
  const invalidate = useInvalidateSales();
  const [filters, setFilters] = useState<{ storeId?: number; status?: string; keyword?: string; dateFrom?: string; dateTo?: string; deliveryPersonId?: number }>({});
  const [selected, setSelected] = useState<OrderListRow[]>([]);
  const [dispatching, setDispatching] = useState<OrderListRow[]>([]);
  const [delivering, setDelivering] = useState<OrderListRow | null>(null);
  const [cancelling, setCancelling] = useState<OrderListRow | null>(null);
  const [paying, setPaying] = useState<OrderListRow | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [form, setForm] = useState<{ open: boolean; editing: OrderFull | null }>({ open: false, editing: null });
  const list = usePaged<OrderListRow>('/orders', filters);
  const loadStore = filters.storeId ?? me?.defaultStoreId ?? me?.stores[0]?.id;
  const editable = canDo(me, 'DispatchOrder', 'edit');

  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'start' | 'complete' | 'delete' }) => (action === 'delete' ? api.delete(`/orders/${id}`) : api.post(`/orders/${id}/${action}`)),
    onSuccess: (_r, v) => {
      showSuccess(t(v.action === 'delete' ? 'feedback.success.deleted' : v.action === 'start' ? 'feedback.success.saved' : 'feedback.success.saved'));
      void invalidate();
    },
  });
  const openEdit = async (id: number) => setForm({ open: true, editing: await api.get<OrderFull>(`/orders/${id}`) });

  const actionButton = (r: OrderListRow, action: OrderAction, onClick: () => void, danger = false) =>
    canOrder(action, r.status) ? (
      <Button key={action} size="small" danger={danger} onClick={onClick} data-testid={`order-action-${action}-${r.id}`}>
        {t(`orders.action.${action}`)}
      </Button>
    ) : null;

  const columns: DataTableColumn<OrderListRow>[] = [
    {
      title: t('orders.field.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string, r) => (
        <a onClick={() => setDetail(r.id)} data-testid={`order-row-${r.id}`}>
          {v}
        </a>
      ),
    },
    { title: t('orders.field.orderDate'), dataIndex: 'orderDate' },
    {
      title: t('orders.field.customer'),
      dataIndex: 'customerName',
      render: (v: string | null, r) => (
        <span>
          {v} {r.customerId == null ? <Tag color="orange">{t('orders.newCustomer')}</Tag> : null}
          <br />
          <Typography.Text type="secondary">{r.customerPhone}</Typography.Text>
        </span>
      ),
    },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      render: (v: OrderListRow['status']) => (
        <Tag color={STATUS_COLORS[v]} data-testid="order-status">
          {t(`orders.status.${v}`)}
        </Tag>
      ),
      exportValue: (r) => t(`orders.status.${r.status}`),
    },
    { title: t('orders.field.source'), dataIndex: 'source', render: (v: string) => t(`orders.source.${v}`), exportValue: (r) => t(`orders.source.${r.source}`) },
    { title: t('orders.field.gasWeight'), dataIndex: 'gasWeightG', align: 'right', render: (v: number) => kg(v), exportValue: (r) => r.gasWeightG / 1000 },
    { title: t('orders.field.residualGas'), dataIndex: 'residualGasG', align: 'right', render: (v: number) => kg(v), exportValue: (r) => r.residualGasG / 1000 },
    { title: t('orders.field.gasRefund'), dataIndex: 'gasRefundAmount', align: 'right', render: (v: number) => fmt(v), exportValue: (r) => fmt(r.gasRefundAmount) },
    { title: t('orders.field.totalAmount'), dataIndex: 'totalAmount', align: 'right', render: (v: number) => fmt(v), exportValue: (r) => fmt(r.totalAmount) },
    { title: t('orders.field.deliveryPerson'), dataIndex: 'deliveryPersonName' },
    { title: t('orders.field.deliveryAt'), dataIndex: 'deliveryAt', render: (v: string | null) => formatDateTime(v), exportValue: (r) => formatDateTime(r.deliveryAt) },
    { title: t('orders.field.preferredTime'), dataIndex: 'preferredTime' },
    { title: t('orders.field.deliveryAddress'), dataIndex: 'deliveryAddress', ellipsis: true },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap style={{ maxWidth: 300 }}>
          {editable ? actionButton(r, 'edit', () => void openEdit(r.id)) : null}
          {editable ? actionButton(r, 'dispatch', () => setDispatching([r])) : null}
          {editable ? actionButton(r, 'start', () => act.mutate({ id: r.id, action: 'start' })) : null}
          {editable ? actionButton(r, 'delivered', () => setDelivering(r)) : null}
          {editable ? actionButton(r, 'complete', () => act.mutate({ id: r.id, action: 'complete' })) : null}
          {editable && r.monthlyBillId == null ? actionButton(r, 'pay', () => setPaying(r)) : null}
          {editable ? actionButton(r, 'cancel', () => setCancelling(r), true) : null}
          {canDo(me, 'DispatchOrder', 'delete') && canOrder('delete', r.status) ? (
            <Popconfirm title={t('common.confirmDelete')} onConfirm={() => act.mutate({ id: r.id, action: 'delete' })}>
              <Button size="small" danger data-testid={`order-action-delete-${r.id}`}>
                {t('orders.action.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DataTable<OrderListRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        paging={list.paging}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected.map((s) => s.id),
                onChange: (_k, rows) => setSelected(rows),
                getCheckboxProps: (r) => ({ disabled: !canOrder('dispatch', r.status) }),
              }
            : undefined
        }
        exportable={{ fetchRows: list.fetchAll, fileName: 'orders' }}
        toolbar={
          <Space wrap>
            <StoreSelect allowClear value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId, deliveryPersonId: undefined })} data-testid="order-filter-store" />
            <Select
              allowClear
              placeholder={t('orders.filter.status')}
              style={{ width: 150 }}
              value={filters.status}
              onChange={(status) => setFilters({ ...filters, status })}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
              data-testid="order-filter-status"
            />
            {filters.storeId ? (
              <DeliveryPersonSelect allowClear storeId={filters.storeId} value={filters.deliveryPersonId} onChange={(deliveryPersonId) => setFilters({ ...filters, deliveryPersonId })} />
            ) : null}
            <div style={{ width: 150 }}>
              <DateInput value={filters.dateFrom ?? null} onChange={(v) => setFilters({ ...filters, dateFrom: v ?? undefined })} />
            </div>
            <div style={{ width: 150 }}>
              <DateInput value={filters.dateTo ?? null} onChange={(v) => setFilters({ ...filters, dateTo: v ?? undefined })} />
            </div>
            <SearchInput onSearch={(keyword) => setFilters({ ...filters, keyword })} testId="order-search" />
            {canDo(me, 'DispatchOrder', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })} data-testid="order-add">
                {t('orders.newOrder')}
              </Button>
            ) : null}
            {editable ? (
              <Button icon={<SendOutlined />} disabled={selected.length === 0} onClick={() => setDispatching(selected)} data-testid="dispatch-selected">
                {t('orders.dispatch.submit')} {selected.length ? `(${selected.length})` : ''}
              </Button>
            ) : null}
          </Space>
        }
      />
      <DayLoad storeId={loadStore} />
      <OrderFormDrawer open={form.open} editing={form.editing} onClose={() => setForm({ open: false, editing: null })} />
      <DispatchModal
        orders={dispatching}
        storeId={dispatching[0]?.storeId}
        onClose={() => {
          setDispatching([]);
          setSelected([]);
        }}
      />
      <DeliveredModal order={delivering} onClose={() => setDelivering(null)} />
      <CancelModal order={cancelling} onClose={() => setCancelling(null)} />
      <PaymentModal
        open={!!paying}
        title={`${t('orders.payment.title')} · ${paying?.orderNo ?? ''}`}
        due={paying?.totalAmount ?? 0}
        onClose={() => setPaying(null)}
        submit={async (v) => {
          await api.post(`/orders/${paying!.id}/payment`, v);
          void invalidate();
        }}
      />
      <OrderDetail id={detail} onClose={() => setDetail(null)} />
    </Space>
  );
}
