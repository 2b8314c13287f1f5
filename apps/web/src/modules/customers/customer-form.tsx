import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_TYPES, customerBody, type CustomerBody, type CustomerRow } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { MeterInput, MoneyInput } from '../../components/inputs';
import { CategorySelect, StoreSelect, useDefaultStoreId } from '../../components/selects';
import { useSaveCustomer } from './hooks';
import { lazyComponent } from '../../app/lazy';

// Leaflet loads only when the map is shown.
const PointPicker = lazyComponent(
  () => import('./point-picker'),
  (m) => m.PointPicker,
);

const rules = zodRules(customerBody);

type FromOrder = {
  /** The fields to start from (an order's contact: name, phone, address, and its store). */
  prefill: Partial<CustomerBody>;
  /** Sends the customer somewhere else than /customers (e.g. POST /orders/:id/customer). */
  submit: (values: CustomerBody) => Promise<unknown>;
  title: string;
  success: string;
};

/**
 * Add / edit a customer; validated with the same schema as the server. With `fromOrder` it adds the
 * customer of an order: prefilled from the order, in the order's store (fixed), sent to the order.
 */
export function CustomerFormModal({
  open,
  editing,
  onClose,
  fromOrder,
}: {
  open: boolean;
  editing: CustomerRow | null;
  onClose: () => void;
  fromOrder?: FromOrder;
}) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<CustomerBody>();
  const saveCustomer = useSaveCustomer();
  const save = fromOrder ? (_id: number | undefined, values: CustomerBody) => fromOrder.submit(values) : saveCustomer;
  const type = Form.useWatch('type', form) as string | undefined;
  const latitude = (Form.useWatch('latitude', form) as number | null | undefined) ?? null;
  const longitude = (Form.useWatch('longitude', form) as number | null | undefined) ?? null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing ?? {
        storeId: defaultStoreId,
        type: 'residential',
        inArrears: false,
        gasPrice: null,
        latitude: null,
        longitude: null,
        ...fromOrder?.prefill,
      },
    );
  }, [open, editing]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <CrudModal<CustomerBody>
      form={form}
      row={editing}
      save={save}
      open={open}
      title={fromOrder?.title ?? (editing ? t('customers.editTitle') : t('customers.add'))}
      success={fromOrder?.success}
      okTestId="customer-save"
      width={760}
      send="all"
      formTestId="customer-form"
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="storeId" label={t('customers.field.store')} rules={rules('storeId')} required>
            <StoreSelect disabled={!!fromOrder} data-testid="customer-store" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={t('customers.field.type')} rules={rules('type')} required>
            <Select data-testid="customer-type" options={CUSTOMER_TYPES.map((v) => ({ value: v, label: t(`customers.type.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('customers.field.name')} rules={rules('name')} required>
            <Input data-testid="customer-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('customers.field.phone')} rules={rules('phone')}>
            <Input data-testid="customer-phone" maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('customers.field.address')} rules={rules('address')}>
            <Input data-testid="customer-address" maxLength={300} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="latitude" label={t('customers.field.latitude')} rules={rules('latitude')} tooltip={t('customers.hint.location')}>
            <InputNumber style={{ width: '100%' }} min={-90} max={90} step={0.0001} data-testid="customer-latitude" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="longitude" label={t('customers.field.longitude')} rules={rules('longitude')}>
            <InputNumber style={{ width: '100%' }} min={-180} max={180} step={0.0001} data-testid="customer-longitude" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <PointPicker
            latitude={latitude}
            longitude={longitude}
            center={[25.0375, 121.5637]}
            onPick={(lat, lng) => form.setFieldsValue({ latitude: lat, longitude: lng })}
          />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unifiedNumber" label={t('customers.field.unifiedNumber')} rules={rules('unifiedNumber')}>
            <Input data-testid="customer-ubn" maxLength={8} placeholder={t('common.eightDigits')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoryId" label={t('customers.field.category')} rules={rules('categoryId')}>
            <CategorySelect kind="customer" data-testid="customer-category" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="gasPrice" label={t('customers.field.gasPrice')} rules={rules('gasPrice')} extra={t('customers.hint.gasPrice')}>
            <MoneyInput data-testid="customer-gas-price" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="inArrears" label={t('customers.field.inArrears')} valuePropName="checked">
            <Switch data-testid="customer-arrears" />
          </Form.Item>
        </Col>
        {type === 'monthly_meter' ? (
          <>
            <Col xs={24} md={8}>
              <Form.Item name="meterNumber" label={t('customers.field.meterNumber')} rules={rules('meterNumber')}>
                <Input data-testid="customer-meter-number" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="meterReading"
                label={t('customers.field.meterReading')}
                rules={rules('meterReading')}
                tooltip={t('customers.hint.meterReading')}
              >
                <MeterInput data-testid="customer-meter-reading" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="meterUnitPrice" label={t('customers.field.meterUnitPrice')} rules={rules('meterUnitPrice')}>
                <MoneyInput data-testid="customer-meter-price" />
              </Form.Item>
            </Col>
          </>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name="remark1" label={t('customers.field.remark1')} rules={rules('remark1')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="remark2" label={t('customers.field.remark2')} rules={rules('remark2')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </CrudModal>
  );
}
