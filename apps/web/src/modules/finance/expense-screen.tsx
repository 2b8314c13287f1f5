import { useState } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Expense, type ExpenseType } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';
import { useMe } from '../../app/session';
import { actionsColumn, moneyColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { useMoney } from '../../components/format';
import { RowActions } from '../../components/row-actions';
import { ExpenseToolbar } from './expense-parts';
import { useDeleteExpense, useExpenses } from './hooks';

const ExpenseModal = lazyDialog(
  () => import('./expense-modal'),
  (m) => m.ExpenseModal,
);

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
