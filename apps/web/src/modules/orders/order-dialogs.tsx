import { useEffect } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  cancelBody,
  countedResidual,
  creditUse,
  deliveredBody,
  dispatchBody,
  residualRefund,
  type GasStatus,
  type OrderListRow,
} from '@gasops/shared';
import type { z } from 'zod';
import { zodRules } from '../../app/zod-form';
import { useKg, useMoney } from '../../components/format';
import { FormModal } from '../../components/form-modal';
import { DateTimeInput } from '../../components/date-inputs';
import { DeliveryPersonSelect } from '../../components/selects';
import { GasStatusField, GasWeightFields } from './gas-weight-fields';
import { useCancelOrder, useDeliverOrder, useDispatchOrders, useQuote } from './hooks';

const dispatchRules = zodRules(dispatchBody);
const deliveredRules = zodRules(deliveredBody);
const cancelRules = zodRules(cancelBody);

type DispatchForm = z.input<typeof dispatchBody> & { orderIds: number[] };
type DeliveredForm = z.input<typeof deliveredBody>;
type CancelForm = z.input<typeof cancelBody>;

/** Dispatch or reassign: must select a delivery person and a time (seed §5). */
export function DispatchModal({ orders, storeId, onClose }: { orders: OrderListRow[]; storeId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DispatchForm>();
  const dispatch = useDispatchOrders();
  useEffect(() => {
    form.resetFields();
    const first = orders[0];
    form.setFieldsValue({
      orderIds: orders.map((o) => o.id),
      deliveryPersonId: first?.deliveryPersonId ?? undefined,
      deliveryAt: first?.deliveryAt ?? undefined,
    });
  }, [orders]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <FormModal<DispatchForm, { dispatched: number }>
      form={form}
      open={orders.length > 0}
      title={`${t('orders.dispatch.title')} · ${t('orders.dispatch.selected', { count: orders.length })}`}
      okTestId="dispatch-submit"
      okText={t('orders.dispatch.submit')}
      send="all"
      formTestId="dispatch-form"
      intro={
        <Typography.Paragraph type="secondary">{orders.map((o) => `${o.orderNo} ${o.customerName ?? ''}`).join('、')}</Typography.Paragraph>
      }
      onSubmit={(body) => dispatch.mutateAsync(body)}
      success={(r) => t('orders.dispatch.done', { count: r.dispatched })}
      onClose={onClose}
    >
      <Form.Item name="deliveryPersonId" label={t('orders.dispatch.person')} rules={dispatchRules('deliveryPersonId')} required>
        <DeliveryPersonSelect storeId={storeId ?? orders[0]?.storeId} data-testid="dispatch-person" />
      </Form.Item>
      <Form.Item name="deliveryAt" label={t('orders.dispatch.time')} rules={dispatchRules('deliveryAt')} required>
        <DateTimeInput data-testid="dispatch-time" />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Delivered: the weighed gas and the residual gas of the returned cylinder, refunded (return gas) or
 * kept as the customer's gas credit (store gas); shows the refund or the credit it gives, and the
 * customer's credit the delivery uses.
 */
export function DeliveredModal({ order, onClose }: { order: OrderListRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const kg = useKg();
  const [form] = Form.useForm<DeliveredForm>();
  const deliver = useDeliverOrder(order?.id);
  const quote = useQuote(order?.storeId, order?.customerId ?? undefined, !!order);
  const grams = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.round(v)) : 0);
  const weights = {
    gas: grams(Form.useWatch('gasWeightG', form)),
    residual: grams(Form.useWatch('residualGasG', form)),
    propane: grams(Form.useWatch('propaneWeightG', form)),
    propaneResidual: grams(Form.useWatch('propaneResidualG', form)),
  };
  const gasStatus = (Form.useWatch('gasStatus', form) as GasStatus | undefined) ?? 'return';
  const min = quote.data?.minRefundGrams ?? 0;
  const refundOf = (g: number) => (quote.data ? residualRefund(g, quote.data.pricePerKg, min) : 0);
  const refund = refundOf(weights.residual) + refundOf(weights.propaneResidual);
  const stored = countedResidual(weights.residual, min) + countedResidual(weights.propaneResidual, min);
  const credit = creditUse(quote.data?.creditBalanceG ?? 0, weights.gas, weights.propane);
  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({
      gasWeightG: order.gasWeightG,
      residualGasG: order.residualGasG,
      propaneWeightG: 0,
      propaneResidualG: 0,
      gasStatus: order.gasStatus,
    });
  }, [order]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <FormModal<DeliveredForm>
      form={form}
      open={!!order}
      title={`${t('orders.delivered.title')} · ${order?.orderNo ?? ''}`}
      okTestId="delivered-submit"
      okText={t('common.ok')}
      send="all"
      formTestId="delivered-form"
      intro={<Alert type="info" showIcon message={t('orders.delivered.hint')} style={{ marginBottom: 12 }} />}
      onSubmit={(body) => deliver.mutateAsync(body)}
      success={t('feedback.success.delivered')}
      onClose={onClose}
    >
      <GasWeightFields rules={deliveredRules} prefix="delivered" gasRequired />
      <GasStatusField testId="delivered-gas-status" />
      <Form.Item name="scaleDeviceId" label={t('orders.field.scaleDeviceId')} rules={deliveredRules('scaleDeviceId')}>
        <Input maxLength={64} data-testid="delivered-scale" />
      </Form.Item>
      <Typography.Paragraph strong data-testid="delivered-refund-preview">
        {gasStatus === 'store'
          ? t('orders.credit.storePreview', { kg: kg(stored) })
          : t('orders.delivered.refundPreview', { amount: money.format(refund) })}
      </Typography.Paragraph>
      {credit.gasG + credit.propaneG > 0 ? (
        <Typography.Paragraph type="secondary" data-testid="delivered-credit-preview">
          {t('orders.credit.available', { kg: kg(credit.gasG + credit.propaneG) })}
        </Typography.Paragraph>
      ) : null}
    </FormModal>
  );
}

/** Cancel with confirmation and a reason. */
export function CancelModal({ order, onClose }: { order: OrderListRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CancelForm>();
  const cancel = useCancelOrder(order?.id);
  return (
    <FormModal<CancelForm>
      form={form}
      open={!!order}
      title={t('orders.cancel.title')}
      okTestId="cancel-submit"
      okText={t('orders.action.cancel')}
      okDanger
      send="all"
      intro={<Typography.Paragraph>{t('orders.cancel.confirm')}</Typography.Paragraph>}
      afterOpenChange={(o) => o && form.resetFields()}
      onSubmit={(body) => cancel.mutateAsync(body)}
      success={t('feedback.success.saved')}
      onClose={onClose}
    >
      <Form.Item name="reason" label={t('orders.cancel.reason')} rules={cancelRules('reason')} required>
        <Input.TextArea rows={2} maxLength={300} data-testid="cancel-reason" />
      </Form.Item>
    </FormModal>
  );
}
