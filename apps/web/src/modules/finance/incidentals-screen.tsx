import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ExpenseItem, type ExpenseType } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { ExpenseToolbar } from './expense-parts';
import { useDeleteExpenseItem, useExpenseItems } from './hooks';

const ItemModal = lazyDialog(
  () => import('./item-modal'),
  (m) => m.ItemModal,
);

/** incidentals: the miscellaneous expense items (name and type of seed §4) of each store. */
export function IncidentalsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [storeId, setStoreId] = useState<number>();
  const [type, setType] = useState<ExpenseType>();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<ExpenseItem | 'new' | null>(null);
  const list = useExpenseItems({ storeId, type, keyword });
  const remove = useDeleteExpenseItem();
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
    momentColumn(formatDateTime, t('common.updatedAt'), 'updatedAt'),
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="incidentals"
        testId="incidental"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleted={(res) => res.detail}
      />
    )),
  ];

  return (
    <div data-testid="incidentals-screen">
      <PagedTable<ExpenseItem>
        list={list}
        fileName="incidentals.xls"
        columns={columns}
        toolbar={
          <ExpenseToolbar
            screen="incidentals"
            add={{ label: t('finance.addItem'), testId: 'incidental-add', onClick: () => setEditing('new') }}
            storeId={storeId}
            onStore={setStoreId}
            type={type}
            onType={setType}
            searchPlaceholder={t('finance.searchItem')}
            onSearch={setKeyword}
          />
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
