import { useState } from 'react';
import { Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryRouteRow } from '@gasops/shared';
import { lazyComponent, lazyDialog } from '../../app/lazy';
import { actionsColumn, moneyColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { StoreSelect } from '../../components/selects';
import { useDeleteDeliveryRoute, useDeliveryRoutes, useRouteMap } from './hooks';

/**
 * The route map (route-map.tsx, with Leaflet: 44 KB gzip) loads when it first shows, its place kept meanwhile
 * (the legend's line and the map's 480 px), so the list below does not move (issue 16).
 */
const RouteMapView = lazyComponent(
  () => import('./route-map'),
  (m) => m.RouteMapView,
  () => (
    <div style={{ height: 520, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="route-map-loading">
      <Spin />
    </div>
  ),
);

const RouteModal = lazyDialog(
  () => import('./route-modal'),
  (m) => m.RouteModal,
);

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
