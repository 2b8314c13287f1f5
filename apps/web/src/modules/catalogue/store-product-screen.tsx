import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storeProductBody } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchInput } from '../customers/customer-screen';
import { CategorySelect, DateInput, MoneyInput, StoreSelect, useInvalidateSales, useMoney, usePaged } from '../customers/sales-kit';
import { canDo } from '../../app/permissions';
import { groupTodayIso } from '../../app/dates';

type ProductRow = { id: number; storeId: number; storeName: string; name: string; salePrice: number; categoryId: number | null; categoryName: string | null; startDate: string; endDate: string | null };
const rules = zodRules(storeProductBody);

/** StoreProduct: products with a sale price valid from a start to an end date; orders use the one in force. */
export function StoreProductScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { fmt } = useMoney();
  const invalidate = useInvalidateSales();
  const [filters, setFilters] = useState<{ storeId?: number; categoryId?: number; keyword?: string; onDate?: string }>({});
  const [editing, setEditing] = useState<ProductRow | null | undefined>(undefined);
  const [form] = Form.useForm();
  const list = usePaged<ProductRow>('/store-products', filters);
  const today = groupTodayIso();
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => (editing ? api.put(`/store-products/${editing.id}`, v) : api.post('/store-products', v)),
    onSuccess: () => {
      showSuccess(t(editing ? 'feedback.success.edited' : 'feedback.success.added'));
      setEditing(undefined);
      void invalidate();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/store-products/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const validity = (r: ProductRow) => (r.startDate > today ? 'upcoming' : r.endDate && r.endDate < today ? 'expired' : 'inForce');
  const columns: DataTableColumn<ProductRow>[] = [
    { title: t('customers.product.name'), dataIndex: 'name' },
    { title: t('customers.field.store'), dataIndex: 'storeName' },
    { title: t('customers.product.salePrice'), dataIndex: 'salePrice', align: 'right', render: (v: number) => fmt(v), exportValue: (r) => fmt(r.salePrice) },
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
    {
      title: t('common.actions'),
      key: 'a',
      noExport: true,
      render: (_, r) => (
        <Space>
          {canDo(me, 'StoreProduct', 'edit') ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`product-edit-${r.id}`} /> : null}
          {canDo(me, 'StoreProduct', 'delete') ? (
            <Popconfirm title={t('common.confirmDelete')} onConfirm={() => remove.mutate(r.id)}>
              <Button size="small" danger icon={<DeleteOutlined />} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <DataTable<ProductRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll, fileName: 'store-products' }}
        toolbar={
          <Space wrap>
            <StoreSelect allowClear value={filters.storeId} onChange={(storeId) => setFilters({ ...filters, storeId })} />
            <CategorySelect kind="product" value={filters.categoryId} onChange={(categoryId) => setFilters({ ...filters, categoryId })} />
            <div style={{ width: 170 }} title={t('customers.product.onDate')}>
              <DateInput value={filters.onDate ?? null} onChange={(v) => setFilters({ ...filters, onDate: v ?? undefined })} data-testid="product-on-date" />
            </div>
            <SearchInput onSearch={(keyword) => setFilters({ ...filters, keyword })} />
            {canDo(me, 'StoreProduct', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="product-add">
                {t('common.add')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Modal
        open={editing !== undefined}
        title={t('customers.product.title')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.validateFields().then(() => save.mutate(form.getFieldsValue(true)), () => undefined)}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'product-save' } as ButtonProps}
        destroyOnHidden
        afterOpenChange={(o) => {
          if (o) {
            form.resetFields();
            form.setFieldsValue(editing ?? { storeId: me?.defaultStoreId ?? me?.stores[0]?.id, startDate: today, endDate: null, categoryId: null, salePrice: null });
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="storeId" label={t('customers.field.store')} rules={rules('storeId')} required>
            <StoreSelect />
          </Form.Item>
          <Form.Item name="name" label={t('customers.product.name')} rules={rules('name')} required>
            <Input maxLength={100} data-testid="product-name" />
          </Form.Item>
          <Form.Item name="salePrice" label={t('customers.product.salePrice')} rules={rules('salePrice')} required>
            <MoneyInput data-testid="product-price" />
          </Form.Item>
          <Form.Item name="categoryId" label={t('customers.product.category')} rules={rules('categoryId')}>
            <CategorySelect kind="product" />
          </Form.Item>
          <Form.Item name="startDate" label={t('customers.product.startDate')} rules={rules('startDate')} required>
            <DateInput allowClear={false} data-testid="product-start" />
          </Form.Item>
          <Form.Item name="endDate" label={t('customers.product.endDate')} rules={rules('endDate')} dependencies={['startDate']}>
            <DateInput data-testid="product-end" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
