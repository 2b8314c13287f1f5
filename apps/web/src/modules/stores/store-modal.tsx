import { Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits, fromMinorUnits, storeCreateBody, storeUpdateBody, toMinorUnits, type StoreRow } from '@gasops/shared';
import { lazyComponent } from '../../app/lazy';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { AddressAndInvoiceFields, ContactFields } from './business-fields';
import { useSaveStore } from './hooks';

// Leaflet loads only when the map is shown.
const LocationPicker = lazyComponent(
  () => import('./location-picker'),
  (m) => m.LocationPicker,
);

type StoreForm = {
  name: string;
  responsiblePerson: string;
  address: string;
  phone: string;
  unifiedNumber: string;
  customerGasPrice: number;
  storeGasPrice: number;
  issuesInvoice: boolean;
  latitude: number | null;
  longitude: number | null;
};

/** The add / edit dialog of a store, with its location on a map (loaded with its first opening: stores-panel.tsx). */
export function StoreFormModal({
  groupId,
  groupCurrency,
  row,
  onClose,
}: {
  groupId: number;
  groupCurrency?: string;
  row: StoreRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<StoreForm>();
  const rules = zodRules(row ? storeUpdateBody : storeCreateBody);
  const save = useSaveStore();
  const currency = row?.currency ?? groupCurrency ?? (me?.groupId === groupId ? me.currency : 'TWD');
  const digits = currencyMinorDigits(currency);
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);

  const initial: StoreForm = {
    name: row?.name ?? '',
    responsiblePerson: row?.responsiblePerson ?? '',
    address: row?.address ?? '',
    phone: row?.phone ?? '',
    unifiedNumber: row?.unifiedNumber ?? '',
    customerGasPrice: row?.customerGasPrice ?? 0,
    storeGasPrice: row?.storeGasPrice ?? 0,
    issuesInvoice: row?.issuesInvoice ?? false,
    latitude: row?.latitude ?? null,
    longitude: row?.longitude ?? null,
  };

  // The form keeps integer minor units (what the API takes); the input shows the currency's major units.
  const moneyItem = (name: 'customerGasPrice' | 'storeGasPrice') => (
    <Form.Item
      name={name}
      label={`${t(`system.field.${name}`)} (${currency})`}
      required
      rules={rules(name)}
      getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? fromMinorUnits(v, currency) : v })}
      normalize={(v: number | null) => (typeof v === 'number' ? toMinorUnits(v, currency) : v)}
      style={{ minWidth: 240 }}
    >
      <InputNumber data-testid={`store-form-${name}`} min={0} precision={digits} step={1} style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <CrudModal<StoreForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values, groupId })}
      title={row ? t('system.store.edit') : t('system.store.add')}
      okTestId="store-form-save"
      width={760}
      errorAlert
      initialValues={initial}
      formTestId="store-form"
      onClose={onClose}
    >
      <Space wrap size={16} style={{ width: '100%' }}>
        <Form.Item name="name" label={t('system.field.storeName')} required rules={rules('name')} style={{ minWidth: 300 }}>
          <Input data-testid="store-form-name" />
        </Form.Item>
        <ContactFields rules={rules} prefix="store-form" widths={[200, 180]} />
      </Space>
      <AddressAndInvoiceFields rules={rules} prefix="store-form" />
      <Space wrap size={16} style={{ width: '100%' }}>
        {moneyItem('customerGasPrice')}
        {moneyItem('storeGasPrice')}
      </Space>
      <Form.Item name="latitude" hidden rules={rules('latitude')}>
        <InputNumber />
      </Form.Item>
      <Form.Item name="longitude" hidden rules={rules('longitude')}>
        <InputNumber />
      </Form.Item>
      <Form.Item label={t('system.field.location')}>
        <LocationPicker
          value={{ latitude: latitude ?? initial.latitude, longitude: longitude ?? initial.longitude }}
          onChange={(v) => form.setFieldsValue(v)}
        />
      </Form.Item>
    </CrudModal>
  );
}
