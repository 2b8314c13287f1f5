import { useState } from 'react';
import type { ButtonProps } from 'antd';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { EXPENSE_TYPES, expenseBody, type Expense, type ExpenseItem, type ExpensePage, type ExpenseType } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { MoneyInput, RangeFilter, StoreFilter, useMoney, usePaged, type Paged, type Range } from './kit';
import { canDo } from '../../app/permissions';
import { RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { groupTodayIso } from '../../app/dates';

type ExpenseForm = { storeId?: number; date?: string; itemId?: number; type?: ExpenseType; amount?: number | null; remark: string };

/** expense: expenses per store (date, item, type, amount, remark) with totals, filters and export. */
export function ExpenseScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const qc = useQueryClient();
  const money = useMoney();
  const [storeId, setStoreId] = useState<number>();
  const [type, setType] = useState<ExpenseType>();
  const [range, setRange] = useState<Partial<Range>>({});
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const list = usePaged<Expense, ExpensePage>('finance', '/finance/expenses', { storeId, type, keyword, from: range.from, to: range.to });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete<{ detail: string }>(`/finance/expenses/${id}`),
    onSuccess: (res) => {
      showSuccess(res.detail);
      void qc.invalidateQueries({ queryKey: ['finance'] });
    },
  });
  const typeLabel = (v: ExpenseType) => t(`finance.type.${v}`);

  const columns: DataTableColumn<Expense>[] = [
    { title: t('finance.field.date'), dataIndex: 'date' },
    { title: t('finance.field.store'), dataIndex: 'storeName' },
    { title: t('finance.field.item'), dataIndex: 'itemName' },
    {
      title: t('finance.field.type'),
      dataIndex: 'type',
      render: (v: ExpenseType) => <Tag>{typeLabel(v)}</Tag>,
      exportValue: (r) => typeLabel(r.type),
    },
    {
      title: t('finance.field.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (v: number) => money.format(v),
      exportValue: (r) => money.major(r.amount),
    },
    { title: t('finance.field.remark'), dataIndex: 'remark' },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <RowActions
          testId="expense"
          canEdit={canDo(me, 'expense', 'edit')}
          canDelete={canDo(me, 'expense', 'delete')}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
        />
      ),
    },
  ];

  return (
    <div data-testid="expense-screen">
      <DataTable<Expense>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll, fileName: 'expenses.xls' }}
        toolbar={
          <>
            {canDo(me, 'expense', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="expense-add">
                {t('finance.addExpense')}
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
            <RangeFilter value={range} onChange={setRange} />
            <SearchBox placeholder={t('finance.searchExpense')} onSearch={setKeyword} width={260} />
          </>
        }
        footer={() => (
          <Typography.Text strong data-testid="expense-total">
            {t('finance.totalAmount')}: {money.format(list.data?.totalAmount ?? 0)}
          </Typography.Text>
        )}
      />
      {editing ? (
        <ExpenseModal
          row={editing === 'new' ? null : editing}
          defaultStore={storeId ?? me?.defaultStoreId ?? undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function ExpenseModal({ row, defaultStore, onClose }: { row: Expense | null; defaultStore?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const qc = useQueryClient();
  const [form] = Form.useForm<ExpenseForm>();
  const rules = zodRules(expenseBody);
  const [saving, setSaving] = useState(false);
  const initial: ExpenseForm = row
    ? { storeId: row.storeId, date: row.date, itemId: row.itemId, type: row.type, amount: row.amount, remark: row.remark ?? '' }
    : { storeId: defaultStore, date: groupTodayIso(), itemId: undefined, type: undefined, amount: null, remark: '' };
  const storeId = Form.useWatch('storeId', form) ?? initial.storeId;
  const items = useQuery({
    queryKey: ['finance', 'item-options', storeId],
    queryFn: ({ signal }) => api.get<Paged<ExpenseItem>>('/finance/expense-items', { signal, query: { storeId, pageSize: 500 } }),
    enabled: storeId != null,
  });

  const submit = async () => {
    let values: ExpenseForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = row
        ? await api.put<{ detail: string }>(`/finance/expenses/${row.id}`, values, { silent: [400] })
        : await api.post<{ detail: string }>('/finance/expenses', values, { silent: [400] });
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
      title={row ? t('finance.editExpense') : t('finance.addExpense')}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'expense-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        data-testid="expense-form"
        onValuesChange={(changed: Partial<ExpenseForm>) => {
          if ('storeId' in changed) form.setFieldsValue({ itemId: undefined });
          if (changed.itemId) {
            const item = items.data?.items.find((i) => i.id === changed.itemId);
            if (item) form.setFieldsValue({ type: item.type });
          }
        }}
      >
        <Form.Item name="storeId" label={t('finance.field.store')} rules={rules('storeId')} required>
          <Select
            data-testid="expense-store"
            placeholder={t('finance.selectStore')}
            options={(me?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item
          name="date"
          label={t('finance.field.date')}
          rules={rules('date')}
          required
          getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
          normalize={(d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
        >
          <DatePicker data-testid="expense-date" style={{ width: '100%' }} placeholder={t('common.selectDate')} />
        </Form.Item>
        {storeId != null && items.data && items.data.items.length === 0 ? (
          <Alert type="info" showIcon title={t('finance.noItems')} style={{ marginBottom: 12 }} />
        ) : null}
        <Form.Item name="itemId" label={t('finance.field.item')} rules={rules('itemId')} required>
          <Select
            data-testid="expense-item"
            placeholder={t('finance.selectItem')}
            loading={items.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(items.data?.items ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
        </Form.Item>
        <Form.Item name="type" label={t('finance.field.type')} rules={rules('type')} required>
          <Select
            data-testid="expense-type"
            placeholder={t('common.selectType')}
            options={EXPENSE_TYPES.map((v) => ({ value: v, label: t(`finance.type.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('finance.field.amount')} rules={rules('amount')} required>
          <MoneyInput testId="expense-amount" />
        </Form.Item>
        <Form.Item name="remark" label={t('finance.field.remark')} rules={rules('remark')}>
          <Input.TextArea data-testid="expense-remark" rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
