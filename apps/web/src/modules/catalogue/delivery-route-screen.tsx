import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Tabs } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deliveryRouteBody } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchInput } from '../customers/customer-screen';
import { MoneyInput, StoreSelect, useInvalidateSales, useMoney, usePaged, useSalesQuery } from '../customers/sales-kit';
import { RouteMap, type MapData } from './route-map';
import { canDo } from '../../app/permissions';

type RouteRow = { id: number; storeId: number; storeName: string; address: string; latitude: number | null; longitude: number | null; distanceM: number; durationMin: number; amountPerDispatch: number; remarks: string | null };
const rules = zodRules(deliveryRouteBody);

/** deliveryRoute: routes of each store (distance, time, amount per dispatch) and the route map. */
export function DeliveryRouteScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { fmt } = useMoney();
  const invalidate = useInvalidateSales();
  const [filters, setFilters] = useState<{ storeId?: number; keyword?: string }>({});
  const [editing, setEditing] = useState<RouteRow | null | undefined>(undefined);
  const [form] = Form.useForm();
  const list = usePaged<RouteRow>('/delivery-routes', filters);
  const map = useSalesQuery<MapData>('/delivery-routes/map', { storeId: filters.storeId });
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => (editing ? api.put(`/delivery-routes/${editing.id}`, v) : api.post('/delivery-routes', v)),
    onSuccess: () => {
      showSuccess(t(editing ? 'feedback.success.edited' : 'feedback.success.added'));
      setEditing(undefined);
      void invalidate();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/delivery-routes/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const columns: DataTableColumn<RouteRow>[] = [
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    { title: t('customers.route.address'), dataIndex: 'address' },
    { title: t('customers.route.distanceKm'), dataIndex: 'distanceM', align: 'right', render: (v: number) => (v / 1000).toFixed(1), exportValue: (r) => r.distanceM / 1000 },
    { title: t('customers.route.durationMin'), dataIndex: 'durationMin', align: 'right' },
    { title: t('customers.route.amountPerDispatch'), dataIndex: 'amountPerDispatch', align: 'right', render: (v: number) => fmt(v), exportValue: (r) => fmt(r.amountPerDispatch) },
    { title: t('customers.route.remarks'), dataIndex: 'remarks' },
    {
      title: t('common.actions'),
      key: 'a',
      noExport: true,
      render: (_, r) => (
        <Space>
          {canDo(me, 'deliveryRoute', 'edit') ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} /> : null}
          {canDo(me, 'deliveryRoute', 'delete') ? (
            <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove.mutate(r.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  const table = (
    <DataTable<RouteRow>
      rowKey="id"
      columns={columns}
      dataSource={list.rows}
      loading={list.loading}
      paging={list.paging}
      exportable={{ fetchRows: list.fetchAll, fileName: 'delivery-routes' }}
      toolbar={
        <Space wrap>
          <StoreSelect allowClear value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
          <SearchInput onSearch={(keyword) => setFilters({ ...filters, keyword })} />
          {canDo(me, 'deliveryRoute', 'create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="route-add">
              {t('common.add')}
            </Button>
          ) : null}
        </Space>
      }
    />
  );
  return (
    <>
      <Tabs
        items={[
          { key: 'map', label: t('customers.route.map'), children: map.data ? <RouteMap data={map.data} /> : null },
          { key: 'list', label: t('customers.route.list'), children: table },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={t('customers.route.title')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.validateFields().then(() => save.mutate(form.getFieldsValue(true)), () => undefined)}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'route-save' } as ButtonProps}
        destroyOnHidden
        afterOpenChange={(o) => {
          if (o) {
            form.resetFields();
            form.setFieldsValue(editing ?? { storeId: me?.defaultStoreId ?? me?.stores[0]?.id, amountPerDispatch: 0, latitude: null, longitude: null, remarks: null });
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="storeId" label={t('customers.field.store')} rules={rules('storeId')} required>
            <StoreSelect />
          </Form.Item>
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
        </Form>
      </Modal>
    </>
  );
}
