import { useState } from 'react';
import type { ButtonProps } from 'antd';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/dates';
import { EXPENSE_TYPES, expenseItemBody, type ExpenseItem, type ExpenseType } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter, usePaged } from './kit';
import { canDo } from '../../app/permissions';
import { RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';

type ItemForm = { storeId?: number; name: string; type?: ExpenseType; remark: string };

/** incidentals: the miscellaneous expense items (name and type of seed §4) of each store. */
export function IncidentalsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const qc = useQueryClient();
  const [storeId, setStoreId] = useState<number>();
  const [type, setType] = useState<ExpenseType>();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ExpenseItem | 'new' | null>(null);
  const list = usePaged<ExpenseItem>('finance', '/finance/expense-items', { storeId, type, keyword });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ detail: string }>(`/finance/expense-items/${id}`),
    onSuccess: (res) => {
      showSuccess(res.detail);
      void qc.invalidateQueries({ queryKey: ['finance'] });
    },
  });
  const typeLabel = (v: ExpenseType) => t(`finance.type.${v}`);

  const columns: DataTableColumn<ExpenseItem>[] = [
    { title: t('finance.field.store'), dataIndex: 'storeName' },
    { title: t('finance.field.name'), dataIndex: 'name' },
    {
      title: t('finance.field.type'),
      dataIndex: 'type',
      render: (v: ExpenseType) => <Tag color="blue">{typeLabel(v)}</Tag>,
      exportValue: (r) => typeLabel(r.type),
    },
    { title: t('finance.field.remark'), dataIndex: 'remark' },
    {
      title: t('common.updatedAt'),
      dataIndex: 'updatedAt',
      render: (v: string) => formatDateTime(v),
      exportValue: (r) => formatDateTime(r.updatedAt),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="incidental"
          canEdit={canDo(me, 'incidentals', 'edit')}
          canDelete={canDo(me, 'incidentals', 'delete')}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
        />
      ),
    },
  ];

  return (
    <div data-testid="incidentals-screen">
      <DataTable<ExpenseItem>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll, fileName: 'incidentals.xls' }}
        toolbar={
          <>
            {canDo(me, 'incidentals', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="incidental-add">
                {t('finance.addItem')}
              </Button>
            ) : null}
            <StoreFilter value={storeId} onChange={setStoreId} />
            <Select
              data-testid="type-filter"
              allowClear
              style={{ minWidth: 160 }}
              placeholder={t('finance.allTypes')}
              value={type}
              onChange={(v) => setType(v ?? undefined)}
              options={EXPENSE_TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
            />
            <SearchBox placeholder={t('finance.searchItem')} onSearch={setKeyword} width={260} />
          </>
        }
      />
      {editing ? (
        <ItemModal
          row={editing === 'new' ? null : editing}
          defaultStore={storeId ?? me?.defaultStoreId ?? undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function ItemModal({ row, defaultStore, onClose }: { row: ExpenseItem | null; defaultStore?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const qc = useQueryClient();
  const [form] = Form.useForm<ItemForm>();
  const rules = zodRules(expenseItemBody);
  const [saving, setSaving] = useState(false);
  const initial: ItemForm = row
    ? { storeId: row.storeId, name: row.name, type: row.type, remark: row.remark ?? '' }
    : { storeId: defaultStore, name: '', type: undefined, remark: '' };

  const submit = async () => {
    let values: ItemForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = row
        ? await api.put<{ detail: string }>(`/finance/expense-items/${row.id}`, values, { silent: [400] })
        : await api.post<{ detail: string }>('/finance/expense-items', values, { silent: [400] });
      showSuccess(res.detail);
      void qc.invalidateQueries({ queryKey: ['finance'] });
      onClose();
    } catch (err) {
      applyServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={row ? t('finance.editItem') : t('finance.addItem')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'incidental-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="incidental-form">
        <Form.Item name="storeId" label={t('finance.field.store')} rules={rules('storeId')} required>
          <Select
            data-testid="incidental-store"
            placeholder={t('finance.selectStore')}
            options={(me?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('finance.field.name')} rules={rules('name')} required>
          <Input data-testid="incidental-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={t('finance.field.type')} rules={rules('type')} required>
          <Select
            data-testid="incidental-type"
            placeholder={t('common.selectType')}
            options={EXPENSE_TYPES.map((v) => ({ value: v, label: t(`finance.type.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('finance.field.remark')} rules={rules('remark')}>
          <Input.TextArea data-testid="incidental-remark" rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
