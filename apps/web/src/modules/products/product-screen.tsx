import { useState } from 'react';
import { Select, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromMinorUnits, type ProductRow, type ProductTypeRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useDeleteProduct, useDeleteProductType, useProducts, useProductTypeOptions, useProductTypes } from './hooks';

const TypeFormModal = lazyDialog(
  () => import('./product-type-modal'),
  (m) => m.TypeFormModal,
);
const ProductFormModal = lazyDialog(
  () => import('./product-modal'),
  (m) => m.ProductFormModal,
);

/** Product: the store group's catalogue — product types (seed /prod/type) and products with unit and list price. */
export function ProductScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [groupId, setGroupId] = useState<number | null>(me?.isPlatformAdmin ? null : (me?.groupId ?? null));
  return (
    <>
      {me?.isPlatformAdmin ? (
        <div style={{ marginBottom: 12 }}>
          <GroupSelect value={groupId} onChange={setGroupId} />
        </div>
      ) : null}
      <Tabs
        items={[
          {
            key: 'products',
            label: <span data-testid="tab-products">{t('system.product.productsTab')}</span>,
            children: <ProductsPanel groupId={groupId} />,
          },
          {
            key: 'types',
            label: <span data-testid="tab-types">{t('system.product.typesTab')}</span>,
            children: <TypesPanel groupId={groupId} />,
          },
        ]}
      />
    </>
  );
}

function TypesPanel({ groupId }: { groupId: number | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ProductTypeRow | 'new' | null>(null);
  const list = useProductTypes({ keyword, groupId });
  const remove = useDeleteProductType();
  const columns: DataTableColumn<ProductTypeRow>[] = [
    { title: t('system.field.productType'), dataIndex: 'name' },
    ...(me?.isPlatformAdmin ? [{ title: t('system.field.group'), dataIndex: 'groupName' } as DataTableColumn<ProductTypeRow>] : []),
    numberColumn(t('system.field.sortOrder'), 'sortOrder'),
    numberColumn(t('system.field.productCount'), 'productCount'),
    momentColumn(formatDateTimeSeconds, t('common.updatedAt'), 'updatedAt'),
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="Product"
        testId="prodtype"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.product.typeDeleteNote')}
      />
    )),
  ];
  return (
    <>
      <PagedTable<ProductTypeRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="Product" visible={!me?.isPlatformAdmin || !!groupId} onClick={() => setEditing('new')} testId="prodtype-add">
              {t('system.product.addType')}
            </AddButton>
            <SearchBox placeholder={t('common.keyword')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? <TypeFormModal row={editing === 'new' ? null : editing} groupId={groupId} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function ProductsPanel({ groupId }: { groupId: number | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const [keyword, setKeyword] = useState<string>();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const types = useProductTypeOptions(groupId);
  const list = useProducts({ keyword, groupId, typeId });
  const remove = useDeleteProduct();
  const columns: DataTableColumn<ProductRow>[] = [
    { title: t('system.field.productName'), dataIndex: 'name' },
    { title: t('system.field.code'), dataIndex: 'code' },
    { title: t('system.field.productType'), dataIndex: 'typeName' },
    ...(me?.isPlatformAdmin ? [{ title: t('system.field.group'), dataIndex: 'groupName' } as DataTableColumn<ProductRow>] : []),
    { title: t('system.field.unit'), dataIndex: 'unit' },
    {
      title: t('system.field.price'),
      dataIndex: 'price',
      align: 'right',
      render: (v: number, r) => money.format(v, r.currency),
      exportValue: (r) => fromMinorUnits(r.price, r.currency),
    },
    {
      title: t('system.field.active'),
      dataIndex: 'active',
      render: (v: boolean) => (v ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
      exportValue: (r) => (r.active ? t('common.yes') : t('common.no')),
    },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="Product"
        testId="product"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.product.productDeleteNote')}
      />
    )),
  ];
  return (
    <>
      <PagedTable<ProductRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="Product" visible={!me?.isPlatformAdmin || !!groupId} onClick={() => setEditing('new')} testId="product-add">
              {t('system.product.addProduct')}
            </AddButton>
            <Select
              allowClear
              style={{ minWidth: 180 }}
              placeholder={t('system.product.allTypes')}
              value={typeId ?? undefined}
              onChange={(v) => setTypeId(v ?? null)}
              options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
              data-testid="product-type-filter"
            />
            <SearchBox placeholder={t('system.product.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? <ProductFormModal row={editing === 'new' ? null : editing} groupId={groupId} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
