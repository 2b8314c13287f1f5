import { useState } from 'react';
import { Alert, Form, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { expenseBody, type Expense, type ExpenseType } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useMoney } from '../../components/format';
import { CrudModal } from '../../components/form-modal';
import { MoneyInput } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { RowActions } from '../../components/row-actions';
import { ExpenseToolbar, RemarkField, StoreField, TypeField } from './expense-parts';
import { useSaveExpense, useDeleteExpense, useExpenseItemOptions, useExpenses } from './hooks';

type ExpenseForm = { storeId?: number; date?: string; itemId?: number; type?: ExpenseType; amount?: number | null; remark: string };

/** expense: expenses per store (date, item, type, amount, remark) with totals, filters and export. */
export function ExpenseScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const [storeId, setStoreId] = useState<number>();
  const [type, setType] = useState<ExpenseType>();
  const [range, setRange] = useState<Partial<Range>>({});
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const list = useExpenses({ storeId, type, keyword, from: range.from, to: range.to });
  const remove = useDeleteExpense();
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
    moneyColumn(money, t('finance.field.amount'), 'amount'),
    { title: t('finance.field.remark'), dataIndex: 'remark' },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="expense"
        testId="expense"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleted={(res) => res.detail}
      />
    )),
  ];

  return (
    <div data-testid="expense-screen">
      <PagedTable<Expense>
        list={list}
        fileName="expenses.xls"
        columns={columns}
        toolbar={
          <ExpenseToolbar
            screen="expense"
            add={{ label: t('finance.addExpense'), testId: 'expense-add', onClick: () => setEditing('new') }}
            storeId={storeId}
            onStore={setStoreId}
            type={type}
            onType={setType}
            searchPlaceholder={t('finance.searchExpense')}
            onSearch={setKeyword}
          >
            <RangeFilter value={range} onChange={setRange} label="expenseDate" />
          </ExpenseToolbar>
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
  const [form] = Form.useForm<ExpenseForm>();
  const rules = zodRules(expenseBody);
  const save = useSaveExpense();
  const initial: ExpenseForm = row
    ? { storeId: row.storeId, date: row.date, itemId: row.itemId, type: row.type, amount: row.amount, remark: row.remark ?? '' }
    : { storeId: defaultStore, date: groupTodayIso(), itemId: undefined, type: undefined, amount: null, remark: '' };
  const storeId = Form.useWatch('storeId', form) ?? initial.storeId;
  const items = useExpenseItemOptions(storeId);

  return (
    <CrudModal<ExpenseForm, { detail: string }>
      form={form}
      row={row}
      save={save}
      title={row ? t('finance.editExpense') : t('finance.addExpense')}
      okTestId="expense-save"
      initialValues={initial}
      formTestId="expense-form"
      onValuesChange={(changed: Partial<ExpenseForm>) => {
        if ('storeId' in changed) form.setFieldsValue({ itemId: undefined });
        if (changed.itemId) {
          const item = items.data?.items.find((i) => i.id === changed.itemId);
          if (item) form.setFieldsValue({ type: item.type });
        }
      }}
      success={(res) => res.detail}
      onClose={onClose}
    >
      <StoreField rules={rules} prefix="expense" />
      <DateItem
        name="date"
        label={t('finance.field.date')}
        rules={rules('date')}
        required
        testId="expense-date"
        placeholder={t('common.selectDate')}
      />
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
      <TypeField rules={rules} prefix="expense" />
      <Form.Item name="amount" label={t('finance.field.amount')} rules={rules('amount')} required>
        <MoneyInput data-testid="expense-amount" currencyAs="prefix" />
      </Form.Item>
      <RemarkField rules={rules} prefix="expense" />
    </CrudModal>
  );
}
