import { Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { canOrder, ORDER_STATUS_COLOURS } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { SmallTable } from '../../components/data-table';
import { useKg, useMoney } from '../../components/format';
import { pdfUrl } from '../../components/print';
import { useOrder } from './hooks';
import { OrderCustomerAction } from './order-customer';

/** An order's every field and line; an order without a customer offers to link or create one. */
export function OrderDetailPanel({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const kg = useKg();
  const q = useOrder(id);
  const o = q.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      width={820}
      title={`${t('orders.detail')} ${o?.orderNo ?? ''}`}
      extra={
        o ? (
          <Button
            icon={<PrinterOutlined />}
            href={pdfUrl({ path: `/orders/${o.id}/slip.pdf` }, false)}
            target="_blank"
            rel="noopener"
            data-testid="order-slip"
          >
            {t('common.printDoc.slip')}
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {o ? (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="order-detail">
          {o.customerId == null && canOrder('edit', o.status) && canDo(me, 'DispatchOrder', 'edit') ? (
            <OrderCustomerAction order={o} />
          ) : null}
          <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('orders.field.orderNo')}>{o.orderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.orderDate')}>{o.orderDate}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.customer')}>
              {o.customerName ?? t('orders.newCustomer')} {o.customerPhone}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.customerType')}>
              {o.customerType ? t(`customers.type.${o.customerType}`) : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.status')}>
              <Tag color={ORDER_STATUS_COLOURS[o.status]}>{t(`orders.status.${o.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.source')}>{t(`orders.source.${o.source}`)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryPerson')}>{o.deliveryPersonName}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryAt')}>{formatDateTime(o.deliveryAt)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.deliveryAddress')} span={2}>
              {o.deliveryAddress}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousOrder')}>{o.previousOrderNo}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousRefund')}>{money.format(o.previousRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.previousUsage')}>
              {o.previousUsageG == null ? '' : `${kg(o.previousUsageG)} kg`}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.currentUsage')}>
              {o.currentUsageG == null ? '' : `${kg(o.currentUsageG)} kg`}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.currentRemaining')}>
              {o.currentRemainingG == null ? '' : `${kg(o.currentRemainingG)} kg`}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.field.scaleDeviceId')}>{o.scaleDeviceId}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.pricePerKg')}>{money.format(o.gasUnitPrice)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasWeight')}>{kg(o.gasWeightG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasAmount')}>{money.format(o.gasAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.residualGas')}>{kg(o.residualGasG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.gasRefund')}>{money.format(o.gasRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneWeight')}>{kg(o.propaneWeightG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneAmount')}>{money.format(o.propaneAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneResidual')}>{kg(o.propaneResidualG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.propaneRefund')}>{money.format(o.propaneRefundAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.gasStatus.label')}>
              <span data-testid="order-detail-gas-status">{t(`orders.gasStatus.${o.gasStatus}`)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.credit.stored')}>{kg(o.storedGasG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.credit.usedKg')}>{kg(o.creditUsedG)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.credit.used')}>{money.format(o.creditAmount)}</Descriptions.Item>
            <Descriptions.Item label={t('orders.field.totalAmount')}>
              <b>{money.format(o.totalAmount)}</b>
            </Descriptions.Item>
            {o.cancelReason ? <Descriptions.Item label={t('orders.field.cancelReason')}>{o.cancelReason}</Descriptions.Item> : null}
            {o.remark ? <Descriptions.Item label={t('orders.field.remark')}>{o.remark}</Descriptions.Item> : null}
          </Descriptions>
          <SmallTable
            rowKey="id"
            title={() => t('orders.section.products')}
            rows={o.products}
            columns={[
              { title: t('orders.field.product'), dataIndex: 'productName' },
              { title: t('orders.field.unitPrice'), dataIndex: 'unitPrice', render: (v: number) => money.format(v) },
              { title: t('orders.field.quantity'), dataIndex: 'quantity' },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => money.format(v) },
            ]}
          />
          <SmallTable
            rowKey="id"
            title={() => t('orders.section.services')}
            rows={o.services}
            columns={[
              { title: t('orders.field.serviceContent'), dataIndex: 'content' },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => money.format(v) },
            ]}
          />
          <SmallTable
            rowKey="id"
            title={() => t('orders.section.cylinders')}
            rows={o.cylinders}
            columns={[
              { title: t('orders.field.cylinderKind'), dataIndex: 'kind', render: (v: string) => t(`orders.cylinderKind.${v}`) },
              { title: t('orders.field.opDate'), dataIndex: 'opDate' },
              { title: t('orders.field.gas'), dataIndex: 'gas' },
              { title: t('orders.field.quantity'), dataIndex: 'quantity' },
              { title: t('orders.field.unitPrice'), dataIndex: 'unitPrice', render: (v: number) => money.format(v) },
              { title: t('orders.field.amount'), dataIndex: 'amount', render: (v: number) => money.format(v) },
            ]}
          />
          <SmallTable
            rowKey="id"
            title={() => t('customers.tab.payments')}
            rows={o.payments}
            columns={[
              { title: t('customers.payment.postingDate'), dataIndex: 'postingDate' },
              {
                title: t('customers.payment.paymentType'),
                dataIndex: 'paymentType',
                render: (v: string) => t(`customers.paymentType.${v}`),
              },
              { title: t('customers.payment.cashAmount'), dataIndex: 'cashAmount', render: (v: number) => money.format(v) },
              { title: t('customers.payment.billAmount'), dataIndex: 'billAmount', render: (v: number) => money.format(v) },
              { title: t('customers.payment.billNumber'), dataIndex: 'billNumber' },
              { title: t('customers.payment.invoiceNumber'), dataIndex: 'invoiceNumber' },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}
