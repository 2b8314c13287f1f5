import { useState } from 'react';
import { Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CATEGORY_KINDS, categoryBody, type CategoryRow } from '@gasops/shared';
import type { z } from 'zod';
import { zodRules } from '../../app/zod-form';
import { actionsColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { TextItem } from '../../components/inputs';
import { useCategories, useSaveCategory, useDeleteCategory } from './hooks';

type CategoryForm = z.input<typeof categoryBody>;
const rules = zodRules(categoryBody);

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

function CategoryModal({
  row,
  kindOptions,
  onClose,
}: {
  row: CategoryRow | null;
  kindOptions: { value: CategoryRow['kind']; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryForm>();
  const save = useSaveCategory();
  return (
    <CrudModal<CategoryForm>
      form={form}
      row={row}
      save={save}
      title={t('customers.category.title')}
      okTestId="category-save"
      okText={t('common.ok')}
      send="all"
      initialValues={row ?? { kind: 'customer', name: '' }}
      onClose={onClose}
    >
      <Form.Item name="kind" label={t('customers.category.kind')} rules={rules('kind')} required>
        <Select disabled={!!row} options={kindOptions} data-testid="category-kind" />
      </Form.Item>
      <TextItem name="name" label={t('customers.category.name')} rules={rules('name')} required maxLength={60} testId="category-name" />
    </CrudModal>
  );
}
