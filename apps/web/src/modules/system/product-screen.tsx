import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Switch, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  currencyMinorDigits,
  formatMoneyMinor,
  fromMinorUnits,
  productBody,
  productTypeBody,
  toMinorUnits,
  type ProductRow,
  type ProductTypeRow,
} from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import type { Paged } from './use-paged-list';
import { useInvalidateSystem, usePagedList } from './use-paged-list';
import { GroupSelect } from './widgets';
import { canDo } from '../../app/permissions';
import { RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { formatDateTimeSeconds } from '../../app/dates';

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

function useTypes(groupId: number | null) {
  return useQuery({
    queryKey: ['system', 'lookup', 'prodtypes', groupId],
    queryFn: ({ signal }) =>
      api.get<Paged<ProductTypeRow>>('/prod/type', { signal, query: { groupId: groupId ?? undefined, pageSize: 500 } }),
    select: (d) => d.items,
  });
}

function TypesPanel({ groupId }: { groupId: number | null }) {
  const { t } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSystem();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ProductTypeRow | 'new' | null>(null);
  const list = usePagedList<ProductTypeRow>('/prod/type', { keyword, groupId });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete('/prod/type', { id }),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const columns: DataTableColumn<ProductTypeRow>[] = [
    { title: t('system.field.productType'), dataIndex: 'name' },
    ...(me?.isPlatformAdmin ? [{ title: t('system.field.group'), dataIndex: 'groupName' } as DataTableColumn<ProductTypeRow>] : []),
    { title: t('system.field.sortOrder'), dataIndex: 'sortOrder', align: 'right' },
    { title: t('system.field.productCount'), dataIndex: 'productCount', align: 'right' },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: formatDateTimeSeconds, exportValue: (r) => formatDateTimeSeconds(r.updatedAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="prodtype"
          canEdit={canDo(me, 'Product', 'edit')}
          canDelete={canDo(me, 'Product', 'delete')}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleteNote={t('system.product.typeDeleteNote')}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<ProductTypeRow>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        toolbar={
          <>
            {canDo(me, 'Product', 'create') && (!me?.isPlatformAdmin || groupId) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="prodtype-add">
                {t('system.product.addType')}
              </Button>
            ) : null}
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
  const invalidate = useInvalidateSystem();
  const [form] = Form.useForm<TypeForm>();
  const rules = zodRules(productTypeBody);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields();
      const body = { ...values, groupId: row?.groupId ?? groupId };
      return row
        ? api.put('/prod/type', { ...body, id: row.id }, { silent: [400, 409] })
        : api.post('/prod/type', body, { silent: [400, 409] });
    },
    onSuccess: () => {
      showSuccess(t(row ? 'feedback.success.edited' : 'feedback.success.added'));
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  return (
    <Modal
      open
      title={row ? t('system.product.editType') : t('system.product.addType')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'prodtype-form-save' } as ButtonProps}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<TypeForm> form={form} layout="vertical" initialValues={{ name: row?.name ?? '', sortOrder: row?.sortOrder ?? 0 }}>
        <Form.Item name="name" label={t('system.field.productType')} required rules={rules('name')}>
          <Input data-testid="prodtype-form-name" />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('system.field.sortOrder')} rules={rules('sortOrder')}>
          <InputNumber min={0} max={9999} precision={0} data-testid="prodtype-form-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ProductsPanel({ groupId }: { groupId: number | null }) {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSystem();
  const [keyword, setKeyword] = useState<string>();
  const [typeId, setTypeId] = useState<number | null>(null);
  const [editing, setEditing] = useState<ProductRow | 'new' | null>(null);
  const types = useTypes(groupId);
  const list = usePagedList<ProductRow>('/prod', { keyword, groupId, typeId });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete('/prod', { id }),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
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
      render: (v: number, r) => formatMoneyMinor(v, r.currency, i18n.language),
      exportValue: (r) => fromMinorUnits(r.price, r.currency),
    },
    {
      title: t('system.field.active'),
      dataIndex: 'active',
      render: (v: boolean) => (v ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
      exportValue: (r) => (r.active ? t('common.yes') : t('common.no')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="product"
          canEdit={canDo(me, 'Product', 'edit')}
          canDelete={canDo(me, 'Product', 'delete')}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleteNote={t('system.product.productDeleteNote')}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<ProductRow>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        toolbar={
          <>
            {canDo(me, 'Product', 'create') && (!me?.isPlatformAdmin || groupId) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="product-add">
                {t('system.product.addProduct')}
              </Button>
            ) : null}
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
  const invalidate = useInvalidateSystem();
  const [form] = Form.useForm<ProductForm>();
  const rules = zodRules(productBody);
  const types = useTypes(row?.groupId ?? groupId);
  const [error, setError] = useState<string | null>(null);
  const currency = row?.currency ?? me?.currency ?? 'TWD';
  const save = useMutation({
    mutationFn: async () => {
      const values = await form.validateFields();
      const body = { ...values, groupId: row?.groupId ?? groupId };
      return row ? api.put('/prod', { ...body, id: row.id }, { silent: [400, 409] }) : api.post('/prod', body, { silent: [400, 409] });
    },
    onSuccess: () => {
      showSuccess(t(row ? 'feedback.success.edited' : 'feedback.success.added'));
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  const initial: ProductForm = row
    ? { typeId: row.typeId, name: row.name, code: row.code ?? '', unit: row.unit, price: row.price, active: row.active }
    : { typeId: null, name: '', code: '', unit: '', price: 0, active: true };
  return (
    <Modal
      open
      title={row ? t('system.product.editProduct') : t('system.product.addProduct')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'product-form-save' } as ButtonProps}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<ProductForm> form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="typeId" label={t('system.field.productType')} required rules={rules('typeId')}>
          <Select data-testid="product-form-type" options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
        </Form.Item>
        <Form.Item name="name" label={t('system.field.productName')} required rules={rules('name')}>
          <Input data-testid="product-form-name" />
        </Form.Item>
        <Form.Item name="code" label={t('system.field.code')} rules={rules('code')}>
          <Input data-testid="product-form-code" />
        </Form.Item>
        <Form.Item name="unit" label={t('system.field.unit')} required rules={rules('unit')}>
          <Input data-testid="product-form-unit" />
        </Form.Item>
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
      </Form>
    </Modal>
  );
}
