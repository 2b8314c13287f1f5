import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORY_KINDS, categoryBody } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SearchInput } from './customer-screen';
import { useInvalidateSales, usePaged } from './sales-kit';
import { canDo } from '../../app/permissions';

type CategoryRow = { id: number; kind: 'customer' | 'product'; name: string };
const rules = zodRules(categoryBody);

/** Category: customer categories and product categories of the store group. */
export function CategoryScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateSales();
  const [filters, setFilters] = useState<{ kind?: string; keyword?: string }>({});
  const [editing, setEditing] = useState<CategoryRow | null | undefined>(undefined);
  const [form] = Form.useForm();
  const list = usePaged<CategoryRow>('/categories', filters);
  const save = useMutation({
    mutationFn: (v: Record<string, unknown>) => (editing ? api.put(`/categories/${editing.id}`, v) : api.post('/categories', v)),
    onSuccess: () => {
      showSuccess(t(editing ? 'feedback.success.edited' : 'feedback.success.added'));
      setEditing(undefined);
      void invalidate();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`/categories/${id}`),
    onSuccess: () => {
      showSuccess(t('feedback.success.deleted'));
      void invalidate();
    },
  });
  const columns: DataTableColumn<CategoryRow>[] = [
    { title: t('customers.category.name'), dataIndex: 'name' },
    { title: t('customers.category.kind'), dataIndex: 'kind', render: (v: string) => t(`customers.category.kinds.${v}`), exportValue: (r) => t(`customers.category.kinds.${r.kind}`) },
    {
      title: t('common.actions'),
      key: 'a',
      noExport: true,
      render: (_, r) => (
        <Space>
          {canDo(me, 'Category', 'edit') ? <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(r)} data-testid={`category-edit-${r.id}`} /> : null}
          {canDo(me, 'Category', 'delete') ? (
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
      <DataTable<CategoryRow>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll, fileName: 'categories' }}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('customers.category.kind')}
              value={filters.kind}
              onChange={(kind) => setFilters({ ...filters, kind })}
              options={CATEGORY_KINDS.map((k) => ({ value: k, label: t(`customers.category.kinds.${k}`) }))}
            />
            <SearchInput onSearch={(keyword) => setFilters({ ...filters, keyword })} />
            {canDo(me, 'Category', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="category-add">
                {t('common.add')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <Modal
        open={editing !== undefined}
        title={t('customers.category.title')}
        onCancel={() => setEditing(undefined)}
        onOk={() => form.validateFields().then(() => save.mutate(form.getFieldsValue(true)), () => undefined)}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'category-save' } as ButtonProps}
        destroyOnHidden
        afterOpenChange={(o) => {
          if (o) {
            form.resetFields();
            form.setFieldsValue(editing ?? { kind: 'customer', name: '' });
          }
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="kind" label={t('customers.category.kind')} rules={rules('kind')} required>
            <Select disabled={!!editing} options={CATEGORY_KINDS.map((k) => ({ value: k, label: t(`customers.category.kinds.${k}`) }))} data-testid="category-kind" />
          </Form.Item>
          <Form.Item name="name" label={t('customers.category.name')} rules={rules('name')} required>
            <Input maxLength={60} data-testid="category-name" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
