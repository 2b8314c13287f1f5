import { Form, Input, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryRouteBody, type DeliveryRouteRow } from '@gasops/shared';
import type { z } from 'zod';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { MoneyInput, StoreItem } from '../../components/inputs';
import { useDefaultStoreId } from '../../components/selects';
import { useSaveDeliveryRoute } from './hooks';

type RouteForm = z.input<typeof deliveryRouteBody>;
const rules = zodRules(deliveryRouteBody);

/** The add / edit dialog of a delivery route (loaded with its first opening: delivery-route-screen.tsx). */
export function RouteModal({ row, onClose }: { row: DeliveryRouteRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<RouteForm>();
  const save = useSaveDeliveryRoute();
  return (
    <CrudModal<RouteForm>
      form={form}
      row={row}
      save={save}
      title={t('customers.route.title')}
      okTestId="route-save"
      okText={t('common.ok')}
      send="all"
      initialValues={row ?? { storeId: defaultStoreId, amountPerDispatch: 0, latitude: null, longitude: null, remarks: null }}
      onClose={onClose}
    >
      <StoreItem label={t('customers.field.store')} rules={rules('storeId')} />
      <Form.Item name="address" label={t('customers.route.address')} rules={rules('address')} required>
        <Input maxLength={300} data-testid="route-address" />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="latitude" label={t('customers.field.latitude')} rules={rules('latitude')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} min={-90} max={90} step={0.0001} />
        </Form.Item>
        <Form.Item name="longitude" label={t('customers.field.longitude')} rules={rules('longitude')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} min={-180} max={180} step={0.0001} />
        </Form.Item>
      </Space.Compact>
      <Form.Item
        name="distanceM"
        label={t('customers.route.distanceKm')}
        rules={rules('distanceM')}
        required
        getValueProps={(v: number | null) => ({ value: v == null ? null : v / 1000 })}
        normalize={(v: number | null) => (v == null ? null : Math.round(v * 1000))}
      >
        <InputNumber style={{ width: '100%' }} min={0} step={0.1} precision={1} addonAfter="km" data-testid="route-distance" />
      </Form.Item>
      <Form.Item name="durationMin" label={t('customers.route.durationMin')} rules={rules('durationMin')} required>
        <InputNumber style={{ width: '100%' }} min={0} step={1} precision={0} data-testid="route-duration" />
      </Form.Item>
      <Form.Item name="amountPerDispatch" label={t('customers.route.amountPerDispatch')} rules={rules('amountPerDispatch')} required>
        <MoneyInput />
      </Form.Item>
      <Form.Item name="remarks" label={t('customers.route.remarks')} rules={rules('remarks')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </CrudModal>
  );
}
