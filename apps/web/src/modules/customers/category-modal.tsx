import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryBody, type CategoryRow } from '@gasops/shared';
import type { z } from 'zod';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { useSaveCategory } from './hooks';

type CategoryForm = z.input<typeof categoryBody>;
const rules = zodRules(categoryBody);

/** The add / edit dialog of a category (loaded with its first opening: category-screen.tsx). */
export function CategoryModal({
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
