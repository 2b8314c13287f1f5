import { useState } from 'react';
import { Form, InputNumber, Select, Switch, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  currencyMinorDigits,
  fromMinorUnits,
  productBody,
  productTypeBody,
  toMinorUnits,
  type ProductRow,
  type ProductTypeRow,
} from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { CrudModal, pickFields } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { TextItem } from '../../components/inputs';
import {
  useDeleteProduct,
  useDeleteProductType,
  useProducts,
  useProductTypeOptions,
  useProductTypes,
  useSaveProduct,
  useSaveProductType,
} from './hooks';

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

type TypeForm = { name: string; sortOrder: number };

function TypeFormModal({ row, groupId, onClose }: { row: ProductTypeRow | null; groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeForm>();
  const rules = zodRules(productTypeBody);
  const save = useSaveProductType();
  return (
    <CrudModal<TypeForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...values, groupId: row?.groupId ?? groupId })}
      title={row ? t('system.product.editType') : t('system.product.addType')}
      okTestId="prodtype-form-save"
      errorAlert
      initialValues={{ name: row?.name ?? '', sortOrder: row?.sortOrder ?? 0 }}
      onClose={onClose}
    >
      <TextItem name="name" label={t('system.field.productType')} required rules={rules('name')} testId="prodtype-form-name" />
      <Form.Item name="sortOrder" label={t('system.field.sortOrder')} rules={rules('sortOrder')}>
        <InputNumber min={0} max={9999} precision={0} data-testid="prodtype-form-sort" />
      </Form.Item>
    </CrudModal>
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

type ProductForm = { typeId: number | null; name: string; code: string; unit: string; price: number; active: boolean };

function ProductFormModal({ row, groupId, onClose }: { row: ProductRow | null; groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<ProductForm>();
  const rules = zodRules(productBody);
  const types = useProductTypeOptions(row?.groupId ?? groupId);
  const save = useSaveProduct();
  const currency = row?.currency ?? me?.currency ?? 'TWD';
  const initial: ProductForm = row
    ? { ...pickFields(row, ['typeId', 'name', 'unit', 'price', 'active']), code: row.code ?? '' }
    : { typeId: null, name: '', code: '', unit: '', price: 0, active: true };
  return (
    <CrudModal<ProductForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...values, groupId: row?.groupId ?? groupId })}
      title={row ? t('system.product.editProduct') : t('system.product.addProduct')}
      okTestId="product-form-save"
      errorAlert
      initialValues={initial}
      onClose={onClose}
    >
      <Form.Item name="typeId" label={t('system.field.productType')} required rules={rules('typeId')}>
        <Select data-testid="product-form-type" options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
      </Form.Item>
      <TextItem name="name" label={t('system.field.productName')} required rules={rules('name')} testId="product-form-name" />
      <TextItem name="code" label={t('system.field.code')} rules={rules('code')} testId="product-form-code" />
      <TextItem name="unit" label={t('system.field.unit')} required rules={rules('unit')} testId="product-form-unit" />
      <Form.Item
        name="price"
        label={`${t('system.field.price')} (${currency})`}
        required
        rules={rules('price')}
        getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? fromMinorUnits(v, currency) : v })}
        normalize={(v: number | null) => (typeof v === 'number' ? toMinorUnits(v, currency) : v)}
      >
        <InputNumber min={0} precision={currencyMinorDigits(currency)} style={{ width: 200 }} data-testid="product-form-price" />
      </Form.Item>
      <Form.Item name="active" label={t('system.field.active')} valuePropName="checked">
        <Switch data-testid="product-form-active" />
      </Form.Item>
    </CrudModal>
  );
}
