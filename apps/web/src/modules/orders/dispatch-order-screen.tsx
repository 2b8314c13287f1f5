import { useState } from 'react';
import { Badge, Button, Card, Col, Empty, List, Popconfirm, Row, Select, Space, Tag, Typography } from 'antd';
import { PrinterOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canOrder, ORDER_STATUS_COLOURS, ORDER_STATUSES, type OrderAction, type OrderDetail, type OrderListRow } from '@gasops/shared';
import { formatDateTime, formatTime, groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, kgColumn, momentColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useKg, useMoney } from '../../components/format';
import { DateFilter, RangeFilter } from '../../components/date-filters';
import { pdfUrl } from '../../components/print';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { DeliveryPersonSelect, StoreSelect, useDefaultStoreId } from '../../components/selects';
import { FieldActionsButton } from '../field/office/field-actions';
import { OrderInvoiceAction } from '../invoices/order-invoice-action';
import { useDeleteOrder, useDispatchLoad, useFetchOrder, useOrders, useOrderStep, usePayOrder } from './hooks';

/** The order form, the dispatch, delivery and cancel dialogs, the payment and the order's detail: loaded with their first opening. */
const OrderFormDrawer = lazyDialog(
  () => import('./order-form'),
  (m) => m.OrderFormDrawer,
);
const DispatchModal = lazyDialog(
  () => import('./order-dialogs'),
  (m) => m.DispatchModal,
  { shownWhen: (p) => p.orders.length > 0 },
);
const DeliveredModal = lazyDialog(
  () => import('./order-dialogs'),
  (m) => m.DeliveredModal,
  { shownWhen: (p) => !!p.order },
);
const CancelModal = lazyDialog(
  () => import('./order-dialogs'),
  (m) => m.CancelModal,
  { shownWhen: (p) => !!p.order },
);
const OrderDetailPanel = lazyDialog(
  () => import('./order-detail-drawer'),
  (m) => m.OrderDetailPanel,
  { shownWhen: (p) => p.id != null },
);
const PaymentModal = lazyDialog(
  () => import('./payment-modal'),
  (m) => m.PaymentModal,
);

/** Each delivery person's orders of the day, so staff can balance the load and reassign. */
function DayLoad({ storeId }: { storeId: number | undefined }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(groupTodayIso());
  const q = useDispatchLoad(storeId, date);
  return (
    <Card
      size="small"
      title={t('orders.dispatch.load')}
      extra={
        <Space>
          <DateFilter value={date} onChange={setDate} label="deliveryDate" testId="load-date" />
          {storeId ? (
            <Button
              icon={<PrinterOutlined />}
              href={pdfUrl({ path: '/orders/day-sheet.pdf', query: { storeId, date } }, false)}
              target="_blank"
              rel="noopener"
              data-testid="load-print"
            >
              {t('common.print')}
            </Button>
          ) : null}
        </Space>
      }
      data-testid="dispatch-load"
    >
      {!storeId ? <Empty description={t('orders.public.selectStore')} /> : null}
      {storeId && q.data?.length === 0 ? <Empty description={t('orders.dispatch.noPersons')} /> : null}
      <Row gutter={[12, 12]}>
        {(q.data ?? []).map((p) => (
          <Col xs={24} md={12} xl={8} key={p.userId}>
            <Card
              size="small"
              title={`${p.name} (${p.account})`}
              extra={
                <Space>
                  <Badge count={p.count} showZero color="#1f3a5f" />
                  <Tag>{t('orders.dispatch.open', { count: p.open })}</Tag>
                  <Button
                    size="small"
                    type="text"
                    icon={<PrinterOutlined />}
                    aria-label={`${t('common.print')} ${p.name}`}
                    href={pdfUrl({ path: '/orders/day-sheet.pdf', query: { storeId, date, deliveryPersonId: p.userId } }, false)}
                    target="_blank"
                    rel="noopener"
                    data-testid={`load-print-${p.account}`}
                  />
                </Space>
              }
              data-testid={`load-${p.account}`}
            >
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

/**
 * DispatchOrder: every order of the stores the user works in, with the seed §2 order actions
 * (create, delivered, cancel with confirmation, delete, complete) plus dispatch / reassign, start
 * and payment posting; bulk dispatch of the selected orders and each delivery person's day load.
 */
export function DispatchOrderScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const defaultStoreId = useDefaultStoreId();
  const money = useMoney();
  const kg = useKg();
  const [filters, setFilters] = useState<{
    storeId?: number;
    status?: string;
    keyword?: string;
    dateFrom?: string;
    dateTo?: string;
    deliveryPersonId?: number;
  }>({});
  const [selected, setSelected] = useState<OrderListRow[]>([]);
  const [dispatching, setDispatching] = useState<OrderListRow[]>([]);
  const [delivering, setDelivering] = useState<OrderListRow | null>(null);
  const [cancelling, setCancelling] = useState<OrderListRow | null>(null);
  const [paying, setPaying] = useState<OrderListRow | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [form, setForm] = useState<{ open: boolean; editing: OrderDetail | null }>({ open: false, editing: null });
  const list = useOrders(filters);
  const loadStore = filters.storeId ?? defaultStoreId;
  const editable = canDo(me, 'DispatchOrder', 'edit');

  const step = useOrderStep();
  const remove = useDeleteOrder();
  const pay = usePayOrder();
  const fetchOrder = useFetchOrder();
  const saved = () => showSuccess(t('feedback.success.saved'));
  const runStep = (id: number, s: 'start' | 'complete') => step.mutate({ id, step: s }, { onSuccess: saved });
  const openEdit = async (id: number) => setForm({ open: true, editing: await fetchOrder(id) });

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
        <Tag color={ORDER_STATUS_COLOURS[v]} data-testid="order-status">
          {t(`orders.status.${v}`)}
        </Tag>
      ),
      exportValue: (r) => t(`orders.status.${r.status}`),
    },
    {
      title: t('orders.field.source'),
      dataIndex: 'source',
      render: (v: string) => t(`orders.source.${v}`),
      exportValue: (r) => t(`orders.source.${r.source}`),
    },
    kgColumn(kg, t('orders.field.gasWeight'), 'gasWeightG'),
    kgColumn(kg, t('orders.field.residualGas'), 'residualGasG'),
    moneyColumn(money, t('orders.field.gasRefund'), 'gasRefundAmount', 'text'),
    moneyColumn(money, t('orders.field.totalAmount'), 'totalAmount', 'text'),
    { title: t('orders.field.deliveryPerson'), dataIndex: 'deliveryPersonName' },
    momentColumn(formatDateTime, t('orders.field.deliveryAt'), 'deliveryAt'),
    { title: t('orders.field.preferredTime'), dataIndex: 'preferredTime' },
    { title: t('orders.field.deliveryAddress'), dataIndex: 'deliveryAddress', ellipsis: true },
    actionsColumn(
      t('common.actions'),
      (r) => (
        <Space size={4} wrap style={{ maxWidth: 300 }}>
          {editable ? actionButton(r, 'edit', () => void openEdit(r.id)) : null}
          {editable ? actionButton(r, 'dispatch', () => setDispatching([r])) : null}
          {editable ? actionButton(r, 'start', () => runStep(r.id, 'start')) : null}
          {editable ? actionButton(r, 'delivered', () => setDelivering(r)) : null}
          {editable ? actionButton(r, 'complete', () => runStep(r.id, 'complete')) : null}
          {editable && r.monthlyBillId == null ? actionButton(r, 'pay', () => setPaying(r)) : null}
          {editable ? actionButton(r, 'cancel', () => setCancelling(r), true) : null}
          <OrderInvoiceAction order={r} />
          {canDo(me, 'DispatchOrder', 'delete') && canOrder('delete', r.status) ? (
            <Popconfirm
              title={t('common.confirmDelete')}
              onConfirm={() => remove.mutate(r.id, { onSuccess: () => showSuccess(t('feedback.success.deleted')) })}
            >
              <Button size="small" danger data-testid={`order-action-delete-${r.id}`}>
                {t('orders.action.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
      { fixed: 'right' },
    ),
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <PagedTable<OrderListRow>
        list={list}
        fileName="orders"
        columns={columns}
        rowSelection={
          editable
            ? {
                selectedRowKeys: selected.map((s) => s.id),
                onChange: (_k, rows) => setSelected(rows),
                getCheckboxProps: (r) => ({ disabled: !canOrder('dispatch', r.status) }),
              }
            : undefined
        }
        toolbar={
          <Space wrap>
            <StoreSelect
              allowClear
              value={filters.storeId}
              onChange={(storeId) => setFilters({ ...filters, storeId, deliveryPersonId: undefined })}
              data-testid="order-filter-store"
            />
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
              <DeliveryPersonSelect
                allowClear
                storeId={filters.storeId}
                value={filters.deliveryPersonId}
                onChange={(deliveryPersonId) => setFilters({ ...filters, deliveryPersonId })}
              />
            ) : null}
            <RangeFilter
              label="orderDate"
              testId="order-filter-dates"
              value={{ from: filters.dateFrom, to: filters.dateTo }}
              onChange={(r) => setFilters({ ...filters, dateFrom: r.from, dateTo: r.to })}
            />
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={240} testId="order-search" />
            <AddButton screen="DispatchOrder" onClick={() => setForm({ open: true, editing: null })} testId="order-add">
              {t('orders.newOrder')}
            </AddButton>
            {editable ? (
              <Button
                icon={<SendOutlined />}
                disabled={selected.length === 0}
                onClick={() => setDispatching(selected)}
                data-testid="dispatch-selected"
              >
                {t('orders.dispatch.submit')} {selected.length ? `(${selected.length})` : ''}
              </Button>
            ) : null}
            <FieldActionsButton />
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
        submit={(body) => pay.mutateAsync({ id: paying!.id, body })}
      />
      <OrderDetailPanel id={detail} onClose={() => setDetail(null)} />
    </Space>
  );
}
