import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { productTypeBody, type ProductTypeRow } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { useSaveProductType } from './hooks';

type TypeForm = { name: string; sortOrder: number };

/** The add / edit dialog of a product type (loaded with its first opening: product-screen.tsx). */
export function TypeFormModal({ row, groupId, onClose }: { row: ProductTypeRow | null; groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeForm>();
  const rules = zodRules(productTypeBody);
  const save = useSaveProductType();
  return (
    <CrudModal<TypeForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...values, groupId: row?.groupId ?? groupId })}
      title={row ? t('system.product.editType') : t('system.product.addType')}
      okTestId="prodtype-form-save"
      errorAlert
      initialValues={{ name: row?.name ?? '', sortOrder: row?.sortOrder ?? 0 }}
      onClose={onClose}
    >
      <TextItem name="name" label={t('system.field.productType')} required rules={rules('name')} testId="prodtype-form-name" />
      <Form.Item name="sortOrder" label={t('system.field.sortOrder')} rules={rules('sortOrder')}>
        <InputNumber min={0} max={9999} precision={0} data-testid="prodtype-form-sort" />
      </Form.Item>
    </CrudModal>
  );
}
