import { useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_KINDS, type CategoryRow } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useCategories, useDeleteCategory } from './hooks';

const CategoryModal = lazyDialog(
  () => import('./category-modal'),
  (m) => m.CategoryModal,
);

/** Category: customer categories and product categories of the store group. */
export function CategoryScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ kind?: string; keyword?: string }>({});
  const [editing, setEditing] = useState<CategoryRow | null | undefined>(undefined);
  const list = useCategories(filters);
  const remove = useDeleteCategory();
  const kindOptions = CATEGORY_KINDS.map((k) => ({ value: k, label: t(`customers.category.kinds.${k}`) }));
  const columns: DataTableColumn<CategoryRow>[] = [
    { title: t('customers.category.name'), dataIndex: 'name' },
    {
      title: t('customers.category.kind'),
      dataIndex: 'kind',
      render: (v: string) => t(`customers.category.kinds.${v}`),
      exportValue: (r) => t(`customers.category.kinds.${r.kind}`),
    },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="Category"
        editTestId={`category-edit-${r.id}`}
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
      />
    )),
  ];
  return (
    <>
      <PagedTable<CategoryRow>
        list={list}
        fileName="categories"
        columns={columns}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('customers.category.kind')}
              value={filters.kind}
              onChange={(kind) => setFilters({ ...filters, kind })}
              options={kindOptions}
            />
            <SearchBox onSearch={(keyword) => setFilters({ ...filters, keyword })} width={240} />
            <AddButton screen="Category" onClick={() => setEditing(null)} testId="category-add">
              {t('common.add')}
            </AddButton>
          </Space>
        }
      />
      {editing !== undefined ? <CategoryModal row={editing} kindOptions={kindOptions} onClose={() => setEditing(undefined)} /> : null}
    </>
  );
}
