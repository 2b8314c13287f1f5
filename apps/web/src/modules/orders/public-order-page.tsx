import { useRef, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Result, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatMoneyMinor, publicOrderBody, type PublicOrderAnswer } from '@gasops/shared';
import type { z } from 'zod';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { useLineOrderPrefill } from '../line/order-prefill';
import { usePlaceOrder, usePublicProducts, usePublicStores } from './hooks';
import { newIdempotencyKey } from './idempotency-key';

const rules = zodRules(publicOrderBody);

/**
 * /addOrder: a customer without an account orders gas or products from a store. The answer is the
 * same whether or not the phone is known to the store; one Idempotency-Key per filled form.
 */
export function PublicOrderPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm();
  useLineOrderPrefill(form);
  const key = useRef(newIdempotencyKey());
  const [done, setDone] = useState<PublicOrderAnswer | null>(null);
  const storeId = Form.useWatch('storeId', form) as number | undefined;
  const stores = usePublicStores();
  const products = usePublicProducts(storeId);
  const submit = usePlaceOrder();
  const place = () =>
    submit.mutate(
      { body: form.getFieldsValue(true) as z.input<typeof publicOrderBody>, idempotencyKey: key.current },
      { onSuccess: setDone, onError: (e) => applyServerErrors(form, e) },
    );
  // Prices in the chosen store's currency (its group's).
  const currency = stores.data?.find((s) => s.id === storeId)?.currency ?? 'TWD';
  const money = (minor: number) => formatMoneyMinor(minor, currency, i18n.language);

  if (done) {
    return (
      <Result
        status="success"
        title={done.detail}
        subTitle={<span data-testid="public-order-reference">{t('orders.public.reference', { reference: done.reference })}</span>}
        extra={
          <Button
            onClick={() => {
              key.current = newIdempotencyKey();
              form.resetFields();
              setDone(null);
            }}
          >
            {t('orders.public.another')}
          </Button>
        }
      />
    );
  }
  return (
    <Card title={t('orders.public.title')} data-testid="public-order">
      <Typography.Paragraph type="secondary">{t('orders.public.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ cylinderKg: 20, cylinderCount: 1, products: [] }} onFinish={place}>
        <Form.Item name="storeId" label={t('orders.public.store')} rules={rules('storeId')} required>
          <Select
            placeholder={t('orders.public.selectStore')}
            loading={stores.isFetching}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: `${s.name}${s.address ? ` · ${s.address}` : ''}` }))}
            onChange={() => form.setFieldsValue({ products: [] })}
            data-testid="public-store"
          />
        </Form.Item>
        <Form.Item name="phone" label={t('orders.public.phone')} rules={rules('phone')} required>
          <Input inputMode="tel" maxLength={30} data-testid="public-phone" />
        </Form.Item>
        <Form.Item name="name" label={t('orders.public.name')} rules={rules('name')} required>
          <Input maxLength={60} data-testid="public-name" />
        </Form.Item>
        <Form.Item name="address" label={t('orders.public.address')} rules={rules('address')} required>
          <Input maxLength={300} data-testid="public-address" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="cylinderKg" label={t('orders.public.cylinderKg')} rules={rules('cylinderKg')}>
            <Select
              style={{ width: 160 }}
              data-testid="public-cylinder-kg"
              options={[{ value: 0, label: t('orders.public.none') }, ...[4, 10, 16, 20, 50].map((k) => ({ value: k, label: `${k} kg` }))]}
            />
          </Form.Item>
          <Form.Item name="cylinderCount" label={t('orders.public.cylinderCount')} rules={rules('cylinderCount')}>
            <InputNumber min={0} max={20} precision={0} data-testid="public-cylinder-count" />
          </Form.Item>
        </Space>
        <Form.Item label={t('orders.public.products')}>
          <Form.List name="products">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'productId']} rules={rules(`products.${f.name}.productId`)}>
                      <Select
                        style={{ width: 260 }}
                        options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${money(p.salePrice)}` }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'quantity']} rules={rules(`products.${f.name}.quantity`)}>
                      <InputNumber min={1} precision={0} />
                    </Form.Item>
                    <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} disabled={!storeId} onClick={() => add({ quantity: 1 })}>
                  {t('orders.add.product')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="preferredTime" label={t('orders.public.preferredTime')} rules={rules('preferredTime')}>
          <Input maxLength={100} data-testid="public-time" />
        </Form.Item>
        <Form.Item name="remark" label={t('orders.public.remark')} rules={rules('remark')}>
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.isPending} data-testid="public-submit">
          {t('orders.public.submit')}
        </Button>
      </Form>
    </Card>
  );
}
