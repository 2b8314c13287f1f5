import { useEffect, useMemo, useRef } from 'react';
import { Alert, Button, Card, Col, Descriptions, Drawer, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CYLINDER_OP_KINDS,
  COMMON_SIZES_KG,
  orderBody,
  priceOrder,
  type GasStatus,
  type OrderBody,
  type OrderDetail,
} from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { useKg, useMoney } from '../../components/format';
import { MoneyInput } from '../../components/inputs';
import { DateInput } from '../../components/date-inputs';
import { CustomerSelect, StoreSelect, useDefaultStoreId } from '../../components/selects';
import { useProductsInForce } from '../catalogue/hooks';
import { GasStatusField, GasWeightFields } from './gas-weight-fields';
import { useCreateOrder, useQuote, useUpdateOrder } from './hooks';
import { newIdempotencyKey } from './idempotency-key';

const rules = zodRules(orderBody);

/**
 * The gas order form (seed §3): customer (required, seed §5), gas and propane weights with residual
 * gas and what happens to it (return gas / store gas), product, service and cylinder lines, every
 * field checked with the shared order rules. Amounts preview with the shared pricing functions (the
 * customer's gas credit included); the server prices again. One Idempotency-Key per opened form, so
 * a double click creates one order.
 */
export function OrderFormDrawer({ open, editing, onClose }: { open: boolean; editing: OrderDetail | null; onClose: () => void }) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const money = useMoney();
  const kg = useKg();
  const [form] = Form.useForm();
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const key = useRef(newIdempotencyKey());
  const storeId = Form.useWatch('storeId', form) as number | undefined;
  const customerId = Form.useWatch('customerId', form) as number | null | undefined;
  const orderDate = Form.useWatch('orderDate', form) as string | undefined;
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;

  useEffect(() => {
    if (!open) return;
    key.current = newIdempotencyKey();
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        ...editing,
        products: editing.products.filter((p) => p.productId != null).map((p) => ({ productId: p.productId, quantity: p.quantity })),
        services: editing.services.map((s) => ({ content: s.content, amount: s.amount })),
        cylinders: editing.cylinders.map((c) => ({
          kind: c.kind,
          opDate: c.opDate,
          gas: c.gas,
          quantity: c.quantity,
          unitPrice: c.unitPrice,
        })),
      });
    } else {
      form.setFieldsValue({
        storeId: defaultStoreId,
        orderDate: groupTodayIso(),
        customerId: null,
        gasWeightG: 20000,
        residualGasG: 0,
        propaneWeightG: 0,
        propaneResidualG: 0,
        gasStatus: 'return',
        products: [],
        services: [],
        cylinders: [],
      });
    }
  }, [open, editing]); // eslint-disable-line react-hooks/exhaustive-deps

  const quote = useQuote(storeId, customerId ?? undefined, open && !!storeId);
  const products = useProductsInForce(storeId, orderDate, open);
  const productById = useMemo(() => new Map((products.data ?? []).map((p) => [p.id, p])), [products.data]);

  const preview = useMemo(() => {
    if (!quote.data || !values) return null;
    const v = values as {
      gasWeightG?: number;
      residualGasG?: number;
      propaneWeightG?: number;
      propaneResidualG?: number;
      gasStatus?: GasStatus;
      products?: { productId?: number; quantity?: number }[];
      services?: { amount?: number }[];
      cylinders?: { kind?: (typeof CYLINDER_OP_KINDS)[number]; unitPrice?: number; quantity?: number }[];
    };
    const int = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0);
    return priceOrder({
      pricePerKg: quote.data.pricePerKg,
      minRefundGrams: quote.data.minRefundGrams,
      gasWeightG: int(v.gasWeightG),
      residualGasG: int(v.residualGasG),
      propaneWeightG: int(v.propaneWeightG),
      propaneResidualG: int(v.propaneResidualG),
      gasStatus: v.gasStatus ?? 'return',
      creditBalanceG: quote.data.creditBalanceG,
      products: (v.products ?? []).map((p) => ({
        unitPrice: productById.get(p?.productId ?? 0)?.salePrice ?? 0,
        quantity: int(p?.quantity),
      })),
      services: (v.services ?? []).map((s) => ({ amount: int(s?.amount) })),
      cylinders: (v.cylinders ?? [])
        .filter((c) => c?.kind)
        .map((c) => ({ kind: c.kind!, unitPrice: int(c.unitPrice), quantity: int(c.quantity) })),
    });
  }, [quote.data, values, productById]);

  const saving = editing ? update.isPending : create.isPending;
  const submit = () =>
    form.validateFields().then(
      () => {
        const body = form.getFieldsValue(true) as OrderBody;
        const done = {
          onSuccess: () => {
            showSuccess(t(editing ? 'feedback.success.edited' : 'feedback.success.added'));
            onClose();
          },
          onError: (e: Error) => applyServerErrors(form, e),
        };
        if (editing) update.mutate({ id: editing.id, body }, done);
        else create.mutate({ body, idempotencyKey: key.current }, done);
      },
      () => undefined,
    );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={880}
      title={editing ? `${t('orders.editOrder')} ${editing.orderNo}` : t('orders.newOrder')}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={submit} loading={saving} data-testid="order-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" data-testid="order-form">
        {editing && editing.source === 'public' && !editing.customerId ? (
          <Alert type="warning" showIcon message={t('orders.linkCustomerHint')} style={{ marginBottom: 12 }} />
        ) : null}
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="storeId" label={t('customers.field.store')} rules={rules('storeId')} required>
              <StoreSelect
                disabled={!!editing}
                data-testid="order-store"
                onChange={() => form.setFieldsValue({ customerId: null, products: [] })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="customerId" label={t('orders.field.customer')} rules={rules('customerId')} required>
              <CustomerSelect
                storeId={storeId}
                data-testid="order-customer"
                onPicked={(c) => c && form.setFieldsValue({ deliveryAddress: c.address })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="orderDate" label={t('orders.field.orderDate')} rules={rules('orderDate')} required>
              <DateInput allowClear={false} data-testid="order-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="deliveryAddress" label={t('orders.field.deliveryAddress')} rules={rules('deliveryAddress')}>
              <Input maxLength={300} data-testid="order-address" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="preferredTime" label={t('orders.field.preferredTime')} rules={rules('preferredTime')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>

        <Card size="small" title={t('orders.section.gas')} style={{ marginBottom: 12 }}>
          <Row gutter={12}>
            <GasWeightFields
              rules={rules}
              prefix="order"
              wrap={(field, name) => (
                <Col key={name} xs={12} md={6}>
                  {field}
                </Col>
              )}
            />
            <Col xs={24} md={10}>
              <GasStatusField testId="order-gas-status" />
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="scaleDeviceId" label={t('orders.field.scaleDeviceId')} rules={rules('scaleDeviceId')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Typography.Text type="secondary">
                {t('orders.field.pricePerKg')}:{' '}
                <b data-testid="order-price-per-kg">{quote.data ? money.format(quote.data.pricePerKg) : ''}</b>
              </Typography.Text>
              {preview && preview.creditUsedG > 0 ? (
                <Typography.Paragraph type="secondary" data-testid="order-credit">
                  {t('orders.credit.available', { kg: kg(preview.creditUsedG) })}
                </Typography.Paragraph>
              ) : null}
            </Col>
          </Row>
          {quote.data?.previous ? (
            <Descriptions size="small" title={t('orders.section.carry')} column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('orders.field.previousOrder')}>{quote.data.previous.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('orders.field.previousUsage')}>
                {quote.data.previous.usageG == null ? '' : `${kg(quote.data.previous.usageG)} kg`}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.field.previousRefund')}>
                {money.format(quote.data.previous.refundAmount)}
              </Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>

        <Card size="small" title={t('orders.section.products')} style={{ marginBottom: 12 }}>
          <Form.List name="products">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => {
                  const p = productById.get(form.getFieldValue(['products', f.name, 'productId']) as number);
                  return (
                    <Space key={f.key} align="baseline" wrap>
                      <Form.Item name={[f.name, 'productId']} rules={rules(`products.${f.name}.productId`)}>
                        <Select
                          style={{ width: 260 }}
                          placeholder={t('orders.field.product')}
                          options={(products.data ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${money.format(x.salePrice)}` }))}
                          data-testid={`order-product-${i}`}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'quantity']} rules={rules(`products.${f.name}.quantity`)}>
                        <InputNumber min={1} precision={0} placeholder={t('orders.field.quantity')} data-testid={`order-qty-${i}`} />
                      </Form.Item>
                      <Typography.Text>
                        {p ? money.format(p.salePrice * ((form.getFieldValue(['products', f.name, 'quantity']) as number) || 0)) : ''}
                      </Typography.Text>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                    </Space>
                  );
                })}
                <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} data-testid="order-add-product">
                  {t('orders.add.product')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card size="small" title={t('orders.section.services')} style={{ marginBottom: 12 }}>
          <Form.List name="services">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'content']} rules={rules(`services.${f.name}.content`)}>
                      <Input style={{ width: 320 }} placeholder={t('orders.field.serviceContent')} data-testid={`order-service-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'amount']} rules={rules(`services.${f.name}.amount`)}>
                      <MoneyInput style={{ width: 200 }} data-testid={`order-service-amount-${i}`} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ content: '', amount: null })} data-testid="order-add-service">
                  {t('orders.add.service')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card size="small" title={t('orders.section.cylinders')} style={{ marginBottom: 12 }}>
          <Form.List name="cylinders">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'kind']} rules={rules(`cylinders.${f.name}.kind`)}>
                      <Select
                        style={{ width: 110 }}
                        options={CYLINDER_OP_KINDS.map((k) => ({ value: k, label: t(`orders.cylinderKind.${k}`) }))}
                        data-testid={`order-cylinder-kind-${i}`}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'opDate']} rules={rules(`cylinders.${f.name}.opDate`)}>
                      <DateInput allowClear={false} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'gas']} rules={rules(`cylinders.${f.name}.gas`)}>
                      <Select
                        style={{ width: 100 }}
                        placeholder={t('common.selectGas')}
                        options={COMMON_SIZES_KG.map((kgSize) => ({ value: `${kgSize}kg`, label: `${kgSize}kg` }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'quantity']} rules={rules(`cylinders.${f.name}.quantity`)}>
                      <InputNumber min={1} precision={0} placeholder={t('common.enterQuantity')} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'unitPrice']} rules={rules(`cylinders.${f.name}.unitPrice`)}>
                      <MoneyInput style={{ width: 180 }} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ kind: 'deposit', opDate: orderDate, gas: '20kg', quantity: 1, unitPrice: 0 })}
                  data-testid="order-add-cylinder"
                >
                  {t('orders.add.cylinder')}
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Form.Item name="remark" label={t('orders.field.remark')} rules={rules('remark')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>

        {preview ? (
          <Card size="small" title={t('orders.section.summary')} data-testid="order-summary">
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('orders.summary.gas')}>
                {money.format(preview.gasAmount + preview.propaneAmount)}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.summary.refund')}>
                −{money.format(preview.gasRefundAmount + preview.propaneRefundAmount)}
              </Descriptions.Item>
              {preview.creditAmount > 0 ? (
                <Descriptions.Item label={t('orders.credit.used')}>
                  <span data-testid="order-credit-amount">−{money.format(preview.creditAmount)}</span>
                </Descriptions.Item>
              ) : null}
              <Descriptions.Item label={t('orders.summary.products')}>{money.format(preview.productsAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.summary.services')}>{money.format(preview.servicesAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.summary.cylinders')}>{money.format(preview.cylindersAmount)}</Descriptions.Item>
              <Descriptions.Item label={t('orders.summary.total')}>
                <b data-testid="order-total">{money.format(preview.totalAmount)}</b>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        ) : null}
      </Form>
    </Drawer>
  );
}
