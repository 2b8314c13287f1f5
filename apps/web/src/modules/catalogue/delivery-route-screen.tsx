import { useState } from 'react';
import { Form, Input, InputNumber, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { deliveryRouteBody, type DeliveryRouteRow } from '@gasops/shared';
import type { z } from 'zod';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, moneyColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { CrudModal } from '../../components/form-modal';
import { MoneyInput } from '../../components/inputs';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { StoreItem, StoreSelect, useDefaultStoreId } from '../../components/selects';
import { useSaveDeliveryRoute, useDeleteDeliveryRoute, useDeliveryRoutes, useRouteMap } from './hooks';
import { RouteMapView } from './route-map';

type RouteForm = z.input<typeof deliveryRouteBody>;
const rules = zodRules(deliveryRouteBody);

/** deliveryRoute: routes of each store (distance, time, amount per dispatch) and the route map. */
export function DeliveryRouteScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const [filters, setFilters] = useState<{ storeId?: number; keyword?: string }>({});
  const [editing, setEditing] = useState<DeliveryRouteRow | null | undefined>(undefined);
  const list = useDeliveryRoutes(filters);
  const map = useRouteMap(filters.storeId);
  const remove = useDeleteDeliveryRoute();
  const columns: DataTableColumn<DeliveryRouteRow>[] = [
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    { title: t('customers.route.address'), dataIndex: 'address' },
    {
      title: t('customers.route.distanceKm'),
      dataIndex: 'distanceM',
      align: 'right',
      render: (v: number) => (v / 1000).toFixed(1),
      exportValue: (r) => r.distanceM / 1000,
    },
    numberColumn(t('customers.route.durationMin'), 'durationMin'),
    moneyColumn(money, t('customers.route.amountPerDispatch'), 'amountPerDispatch', 'text'),
    { title: t('customers.route.remarks'), dataIndex: 'remarks' },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions screen="deliveryRoute" onEdit={() => setEditing(r)} onDelete={() => remove.mutateAsync(r.id)} />
    )),
  ];
  const table = (
    <PagedTable<DeliveryRouteRow>
      list={list}
      fileName="delivery-routes"
      columns={columns}
      toolbar={
        <Space wrap>
          <StoreSelect allowClear value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
          <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={240} />
          <AddButton screen="deliveryRoute" onClick={() => setEditing(null)} testId="route-add">
            {t('common.add')}
          </AddButton>
        </Space>
      }
    />
  );
  return (
    <>
      <Tabs
        items={[
          { key: 'map', label: t('customers.route.map'), children: map.data ? <RouteMapView data={map.data} /> : null },
          { key: 'list', label: t('customers.route.list'), children: table },
        ]}
      />
      {editing !== undefined ? <RouteModal row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}

function RouteModal({ row, onClose }: { row: DeliveryRouteRow | null; onClose: () => void }) {
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
