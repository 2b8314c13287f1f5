import type { ButtonProps } from 'antd';
import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cancelBody, deliveredBody, dispatchBody, residualRefund } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DateTimeInput, DeliveryPersonSelect, KgInput, useInvalidateSales, useMoney, useSalesQuery } from '../customers/sales-kit';
import type { OrderListRow, Quote } from './order-types';

const dispatchRules = zodRules(dispatchBody);
const deliveredRules = zodRules(deliveredBody);
const cancelRules = zodRules(cancelBody);

/** Dispatch or reassign: must select a delivery person and a time (seed §5). */
export function DispatchModal({ orders, storeId, onClose }: { orders: OrderListRow[]; storeId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const invalidate = useInvalidateSales();
  useEffect(() => {
    form.resetFields();
    const first = orders[0];
    form.setFieldsValue({ orderIds: orders.map((o) => o.id), deliveryPersonId: first?.deliveryPersonId ?? undefined, deliveryAt: first?.deliveryAt ?? undefined });
  }, [orders]); // eslint-disable-line react-hooks/exhaustive-deps
  const mut = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post<{ dispatched: number }>('/orders/dispatch', v),
    onSuccess: (r) => {
      showSuccess(t('orders.dispatch.done', { count: r.dispatched }));
      void invalidate();
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  return (
    <Modal
      open={orders.length > 0}
      title={`${t('orders.dispatch.title')} · ${t('orders.dispatch.selected', { count: orders.length })}`}
      onCancel={onClose}
      onOk={() => form.validateFields().then(() => mut.mutate(form.getFieldsValue(true)), () => undefined)}
      confirmLoading={mut.isPending}
      okText={t('orders.dispatch.submit')}
      okButtonProps={{ 'data-testid': 'dispatch-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{orders.map((o) => `${o.orderNo} ${o.customerName ?? ''}`).join('、')}</Typography.Paragraph>
      <Form form={form} layout="vertical" data-testid="dispatch-form">
        <Form.Item name="deliveryPersonId" label={t('orders.dispatch.person')} rules={dispatchRules('deliveryPersonId')} required>
          <DeliveryPersonSelect storeId={storeId ?? orders[0]?.storeId} data-testid="dispatch-person" />
        </Form.Item>
        <Form.Item name="deliveryAt" label={t('orders.dispatch.time')} rules={dispatchRules('deliveryAt')} required>
          <DateTimeInput data-testid="dispatch-time" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Delivered: the weighed gas and the residual gas of the returned cylinder; shows the refund it gives. */
export function DeliveredModal({ order, onClose }: { order: OrderListRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { fmt } = useMoney();
  const [form] = Form.useForm();
  const invalidate = useInvalidateSales();
  const quote = useSalesQuery<Quote>('/orders/quote', { storeId: order?.storeId, customerId: order?.customerId ?? undefined }, !!order);
  const residual = (Form.useWatch('residualGasG', form) as number | undefined) ?? 0;
  const propaneResidual = (Form.useWatch('propaneResidualG', form) as number | undefined) ?? 0;
  const refund = quote.data
    ? residualRefund(Math.max(0, Math.round(residual)), quote.data.pricePerKg, quote.data.minRefundGrams) + residualRefund(Math.max(0, Math.round(propaneResidual)), quote.data.pricePerKg, quote.data.minRefundGrams)
    : 0;
  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({ gasWeightG: order.gasWeightG, residualGasG: order.residualGasG, propaneWeightG: 0, propaneResidualG: 0 });
  }, [order]); // eslint-disable-line react-hooks/exhaustive-deps
  const mut = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post(`/orders/${order!.id}/delivered`, v),
    onSuccess: () => {
      showSuccess(t('feedback.success.delivered'));
      void invalidate();
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  return (
    <Modal
      open={!!order}
      title={`${t('orders.delivered.title')} · ${order?.orderNo ?? ''}`}
      onCancel={onClose}
      onOk={() => form.validateFields().then(() => mut.mutate(form.getFieldsValue(true)), () => undefined)}
      confirmLoading={mut.isPending}
      okButtonProps={{ 'data-testid': 'delivered-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('orders.delivered.hint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" data-testid="delivered-form">
        <Form.Item name="gasWeightG" label={t('orders.field.gasWeight')} rules={deliveredRules('gasWeightG')} required>
          <KgInput data-testid="delivered-gas-weight" />
        </Form.Item>
        <Form.Item name="residualGasG" label={t('orders.field.residualGas')} rules={deliveredRules('residualGasG')}>
          <KgInput data-testid="delivered-residual" />
        </Form.Item>
        <Form.Item name="propaneWeightG" label={t('orders.field.propaneWeight')} rules={deliveredRules('propaneWeightG')}>
          <KgInput data-testid="delivered-propane-weight" />
        </Form.Item>
        <Form.Item name="propaneResidualG" label={t('orders.field.propaneResidual')} rules={deliveredRules('propaneResidualG')}>
          <KgInput data-testid="delivered-propane-residual" />
        </Form.Item>
        <Form.Item name="scaleDeviceId" label={t('orders.field.scaleDeviceId')} rules={deliveredRules('scaleDeviceId')}>
          <Input maxLength={64} data-testid="delivered-scale" />
        </Form.Item>
      </Form>
      <Typography.Text strong data-testid="delivered-refund-preview">
        {t('orders.delivered.refundPreview', { amount: fmt(refund) })}
      </Typography.Text>
    </Modal>
  );
}

/** Cancel with confirmation and a reason. */
export function CancelModal({ order, onClose }: { order: OrderListRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const invalidate = useInvalidateSales();
  const mut = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post(`/orders/${order!.id}/cancel`, v),
    onSuccess: () => {
      showSuccess(t('feedback.success.saved'));
      void invalidate();
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  return (
    <Modal
      open={!!order}
      title={t('orders.cancel.title')}
      onCancel={onClose}
      onOk={() => form.validateFields().then(() => mut.mutate(form.getFieldsValue(true)), () => undefined)}
      confirmLoading={mut.isPending}
      okButtonProps={{ danger: true, 'data-testid': 'cancel-submit' } as ButtonProps}
      okText={t('orders.action.cancel')}
      destroyOnHidden
      afterOpenChange={(o) => o && form.resetFields()}
    >
      <Typography.Paragraph>{t('orders.cancel.confirm')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label={t('orders.cancel.reason')} rules={cancelRules('reason')} required>
          <Input.TextArea rows={2} maxLength={300} data-testid="cancel-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
