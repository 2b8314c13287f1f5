import { Card, Descriptions, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  ORDER_STATUS_COLOURS,
  type CustomerBillRow,
  type CustomerCylinderRow,
  type CustomerOrderRow,
  type CustomerPaymentRow,
  type GasCreditRow,
  type OrderStatus,
} from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { kgColumn } from '../../components/columns';
import { DataTable, PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { formatMeter, useKg, useMoney } from '../../components/format';
import { CustomerSelect } from '../../components/selects';
import { CustomerInspectionsCard } from '../field/office/customer-inspections';
import { lazyComponent } from '../../app/lazy';
import {
  useCustomer,
  useCustomerBills,
  useCustomerCylinders,
  useCustomerOrders,
  useCustomerPayments,
  useGasCredit,
  useRecentOrders,
} from './hooks';

/** The LINE card (linking code, notices): its own chunk, loaded with the customer. */
const CustomerLinkCard = lazyComponent(
  () => import('../line/customer-link'),
  (m) => m.CustomerLinkCard,
);

function useOrderColumns(): DataTableColumn<CustomerOrderRow>[] {
  const { t } = useTranslation();
  const money = useMoney();
  const kg = useKg();
  return [
    { title: t('orders.field.orderNo'), dataIndex: 'orderNo' },
    { title: t('orders.field.orderDate'), dataIndex: 'orderDate' },
    {
      title: t('orders.field.status'),
      dataIndex: 'status',
      render: (v: OrderStatus) => <Tag color={ORDER_STATUS_COLOURS[v]}>{t(`orders.status.${v}`)}</Tag>,
      exportValue: (r) => t(`orders.status.${r.status}`),
    },
    kgColumn(kg, t('orders.field.gasWeight'), 'gasWeightG'),
    kgColumn(kg, t('orders.field.residualGas'), 'residualGasG'),
    { title: t('orders.field.gasRefund'), dataIndex: 'gasRefundAmount', align: 'right', render: (v: number) => money.format(v) },
    { title: t('orders.field.totalAmount'), dataIndex: 'totalAmount', align: 'right', render: (v: number) => money.format(v) },
    { title: t('orders.field.deliveryPerson'), dataIndex: 'deliveryPersonName' },
    { title: t('orders.field.deliveryAt'), dataIndex: 'deliveryAt', render: (v: string | null) => formatDateTime(v) },
  ];
}

function OrdersTab({ id }: { id: number }) {
  const list = useCustomerOrders(id);
  return <PagedTable<CustomerOrderRow> list={list} fileName="customer-orders" columns={useOrderColumns()} />;
}

function RecentTab({ id }: { id: number }) {
  const q = useRecentOrders(id);
  return (
    <DataTable<CustomerOrderRow> rowKey="id" columns={useOrderColumns()} dataSource={q.data ?? []} loading={q.isFetching} paging={false} />
  );
}

function PaymentsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useCustomerPayments(id);
  const columns: DataTableColumn<CustomerPaymentRow>[] = [
    { title: t('customers.payment.postingDate'), dataIndex: 'postingDate' },
    { title: t('customers.payment.invoiceNumber'), dataIndex: 'invoiceNumber' },
    { title: t('customers.payment.cashAmount'), dataIndex: 'cashAmount', align: 'right', render: (v: number) => money.format(v) },
    { title: t('customers.payment.billAmount'), dataIndex: 'billAmount', align: 'right', render: (v: number) => money.format(v) },
    {
      title: t('customers.payment.paymentType'),
      dataIndex: 'paymentType',
      render: (v: string) => t(`customers.paymentType.${v}`),
      exportValue: (r) => t(`customers.paymentType.${r.paymentType}`),
    },
    { title: t('customers.payment.billNumber'), dataIndex: 'billNumber' },
    { title: t('orders.field.orderNo'), dataIndex: 'orderNo' },
  ];
  return <PagedTable<CustomerPaymentRow> list={list} fileName="customer-payments" columns={columns} />;
}

function BillsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useCustomerBills(id);
  const columns: DataTableColumn<CustomerBillRow>[] = [
    { title: t('customers.bill.period'), dataIndex: 'period' },
    { title: t('customers.bill.billingDate'), dataIndex: 'billingDate' },
    { title: t('customers.bill.mode'), dataIndex: 'mode', render: (v: string) => t(`customers.billMode.${v}`) },
    { title: t('customers.bill.orderCount'), dataIndex: 'orderCount', align: 'right' },
    {
      title: t('customers.bill.currentReading'),
      dataIndex: 'currentReading',
      render: (v: number | null) => formatMeter(v),
    },
    { title: t('customers.bill.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => money.format(v) },
    {
      title: t('customers.bill.status'),
      dataIndex: 'status',
      render: (v: string) => <Tag color={v === 'posted' ? 'green' : 'blue'}>{t(`customers.billStatus.${v}`)}</Tag>,
    },
  ];
  return <DataTable<CustomerBillRow> rowKey="id" columns={columns} dataSource={q.data ?? []} loading={q.isFetching} exportable />;
}

function CylindersTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const q = useCustomerCylinders(id);
  return (
    <SmallTable<CustomerCylinderRow>
      rowKey="gas"
      loading={q.isFetching}
      rows={q.data ?? []}
      data-testid="customer-cylinders"
      columns={[
        { title: t('customers.cylinders.gas'), dataIndex: 'gas' },
        { title: t('customers.cylinders.deposit'), dataIndex: 'deposit', align: 'right' },
        { title: t('customers.cylinders.return'), dataIndex: 'return', align: 'right' },
        { title: t('customers.cylinders.depositBalance'), dataIndex: 'depositBalance', align: 'right', render: (v: number) => <b>{v}</b> },
        { title: t('customers.cylinders.borrow'), dataIndex: 'borrow', align: 'right' },
        { title: t('customers.cylinders.repay'), dataIndex: 'repay', align: 'right' },
        { title: t('customers.cylinders.borrowBalance'), dataIndex: 'borrowBalance', align: 'right', render: (v: number) => <b>{v}</b> },
      ]}
    />
  );
}

/** The customer's gas credit balance (seed §4 store gas), from its ledger. */
function GasCreditBalance({ id }: { id: number }) {
  const kg = useKg();
  const q = useGasCredit(id);
  return <b data-testid="customer-gas-credit">{q.data ? `${kg(q.data.balanceG)} kg` : ''}</b>;
}

/** The gas credit ledger: residual gas stored on an order (+), credit used on an order (−), the balance after each. */
function GasCreditTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const kg = useKg();
  const money = useMoney();
  const list = useGasCredit(id);
  const columns: DataTableColumn<GasCreditRow>[] = [
    { title: t('customers.gasCredit.date'), dataIndex: 'entryDate' },
    {
      title: t('customers.gasCredit.kind'),
      dataIndex: 'kind',
      render: (v: GasCreditRow['kind']) => <Tag color={v === 'stored' ? 'green' : 'orange'}>{t(`customers.gasCredit.kinds.${v}`)}</Tag>,
      exportValue: (r) => t(`customers.gasCredit.kinds.${r.kind}`),
    },
    kgColumn(kg, t('customers.gasCredit.grams'), 'grams'),
    kgColumn(kg, t('customers.gasCredit.balanceAfter'), 'balanceG'),
    { title: t('customers.gasCredit.orderNo'), dataIndex: 'orderNo' },
    { title: t('orders.field.pricePerKg'), dataIndex: 'pricePerKg', align: 'right', render: (v: number) => money.format(v) },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="customer-gas-credit-tab">
      <Typography.Text>
        {t('customers.gasCredit.balance')}: <b>{list.data ? `${kg(list.data.balanceG)} kg` : ''}</b>
      </Typography.Text>
      <PagedTable<GasCreditRow> list={list} fileName="customer-gas-credit" columns={columns} />
    </Space>
  );
}

/** CustomerDetail: the customer's data, order history, payments, monthly bills, cylinders held and gas credit. */
export function CustomerDetailScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id) || null;
  const q = useCustomer(id);
  const c = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="customer-detail">
      <Space>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('customers.detailTitle')}
        </Typography.Title>
        <CustomerSelect
          style={{ width: 320 }}
          value={id ?? undefined}
          onChange={(v) => v && navigate(`/manager/CustomerDetail/${v}`)}
          data-testid="customer-detail-pick"
        />
      </Space>
      {!id ? <Empty description={t('feedback.validation.selectCustomer')} /> : null}
      {c ? (
        <>
          <Card size="small">
            <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="customer-detail-info">
              <Descriptions.Item label={t('customers.field.name')}>{c.name}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.type')}>{t(`customers.type.${c.type}`)}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.store')}>{c.storeName}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.phone')}>{c.phone}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.address')}>{c.address}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.location')}>
                {c.latitude != null ? `${c.latitude}, ${c.longitude}` : ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.field.unifiedNumber')}>{c.unifiedNumber}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.category')}>{c.categoryName}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.inArrears')}>
                {c.inArrears ? <Tag color="red">{t('common.yes')}</Tag> : t('common.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.gasCredit.balance')}>
                <GasCreditBalance id={c.id} />
              </Descriptions.Item>
              <Descriptions.Item label={t('customers.field.effectivePrice')}>
                {money.format(c.effectiveGasPrice)}{' '}
                <Tag>{t(c.gasPrice == null ? 'customers.priceSource.store' : 'customers.priceSource.own')}</Tag>
              </Descriptions.Item>
              {c.type === 'monthly_meter' ? (
                <>
                  <Descriptions.Item label={t('customers.field.meterNumber')}>{c.meterNumber}</Descriptions.Item>
                  <Descriptions.Item label={t('customers.field.meterReading')}>
                    {c.meterReading != null ? `${formatMeter(c.meterReading)} m³` : ''} {c.meterReadDate ? `(${c.meterReadDate})` : ''}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('customers.field.meterUnitPrice')}>{money.format(c.meterUnitPrice)}</Descriptions.Item>
                </>
              ) : null}
              <Descriptions.Item label={t('customers.field.remark1')}>{c.remark1}</Descriptions.Item>
              <Descriptions.Item label={t('customers.field.remark2')}>{c.remark2}</Descriptions.Item>
            </Descriptions>
          </Card>
          <CustomerInspectionsCard customerId={c.id} />
          <CustomerLinkCard customerId={c.id} />
          <Tabs
            destroyOnHidden
            items={[
              { key: 'recent', label: t('customers.tab.recent'), children: <RecentTab id={c.id} /> },
              { key: 'orders', label: t('customers.tab.orders'), children: <OrdersTab id={c.id} /> },
              { key: 'payments', label: t('customers.tab.payments'), children: <PaymentsTab id={c.id} /> },
              { key: 'bills', label: t('customers.tab.bills'), children: <BillsTab id={c.id} /> },
              { key: 'cylinders', label: t('customers.tab.cylinders'), children: <CylindersTab id={c.id} /> },
              { key: 'gasCredit', label: t('customers.gasCredit.tab'), children: <GasCreditTab id={c.id} /> },
            ]}
          />
        </>
      ) : null}
    </Space>
  );
}
