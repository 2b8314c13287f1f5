import { useState } from 'react';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreProductRow } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { DateFilter } from '../../components/date-filters';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { CategorySelect, StoreSelect } from '../../components/selects';
import { useDeleteStoreProduct, useStoreProducts } from './hooks';

const StoreProductModal = lazyDialog(
  () => import('./store-product-modal'),
  (m) => m.StoreProductModal,
);

/** StoreProduct: products with a sale price valid from a start to an end date; orders use the one in force. */
export function StoreProductScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const [filters, setFilters] = useState<{ storeId?: number; categoryId?: number; keyword?: string; onDate?: string }>({});
  const [editing, setEditing] = useState<StoreProductRow | null | undefined>(undefined);
  const list = useStoreProducts(filters);
  const remove = useDeleteStoreProduct();
  const today = groupTodayIso();
  const validity = (r: StoreProductRow) => (r.startDate > today ? 'upcoming' : r.endDate && r.endDate < today ? 'expired' : 'inForce');
  const columns: DataTableColumn<StoreProductRow>[] = [
    { title: t('customers.product.name'), dataIndex: 'name' },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    moneyColumn(money, t('customers.product.salePrice'), 'salePrice', 'text'),
    { title: t('customers.product.category'), dataIndex: 'categoryName' },
    { title: t('customers.product.startDate'), dataIndex: 'startDate' },
    { title: t('customers.product.endDate'), dataIndex: 'endDate', render: (v: string | null) => v ?? t('customers.product.openEnded') },
    {
      title: t('customers.product.validity'),
      key: 'validity',
      render: (_, r) => {
        const v = validity(r);
        return <Tag color={v === 'inForce' ? 'green' : v === 'upcoming' ? 'blue' : 'default'}>{t(`customers.product.${v}`)}</Tag>;
      },
      exportValue: (r) => t(`customers.product.${validity(r)}`),
    },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="StoreProduct"
        editTestId={`product-edit-${r.id}`}
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
      />
    )),
  ];
  return (
    <>
      <PagedTable<StoreProductRow>
        list={list}
        fileName="store-products"
        columns={columns}
        toolbar={
          <Space wrap>
            <StoreSelect allowClear value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
            <CategorySelect kind="product" value={filters.categoryId} onChange={(categoryId) => setFilters({ ...filters, categoryId })} />
            <DateFilter
              value={filters.onDate ?? ''}
              onChange={(v) => setFilters({ ...filters, onDate: v || undefined })}
              clearable
              label="inForceOn"
              testId="product-on-date"
            />
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={240} />
            <AddButton screen="StoreProduct" onClick={() => setEditing(null)} testId="product-add">
              {t('common.add')}
            </AddButton>
          </Space>
        }
      />
      {editing !== undefined ? <StoreProductModal row={editing} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
