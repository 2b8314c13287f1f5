import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currencyMinorDigits, fromMinorUnits, productBody, toMinorUnits, type ProductRow } from '@gasops/shared';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal, pickFields } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { useProductTypeOptions, useSaveProduct } from './hooks';

type ProductForm = { typeId: number | null; name: string; code: string; unit: string; price: number; active: boolean };

/** The add / edit dialog of a product (loaded with its first opening: product-screen.tsx). */
export function ProductFormModal({ row, groupId, onClose }: { row: ProductRow | null; groupId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<ProductForm>();
  const rules = zodRules(productBody);
  const types = useProductTypeOptions(row?.groupId ?? groupId);
  const save = useSaveProduct();
  const currency = row?.currency ?? me?.currency ?? 'TWD';
  const initial: ProductForm = row
    ? { ...pickFields(row, ['typeId', 'name', 'unit', 'price', 'active']), code: row.code ?? '' }
    : { typeId: null, name: '', code: '', unit: '', price: 0, active: true };
  return (
    <CrudModal<ProductForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...values, groupId: row?.groupId ?? groupId })}
      title={row ? t('system.product.editProduct') : t('system.product.addProduct')}
      okTestId="product-form-save"
      errorAlert
      initialValues={initial}
      onClose={onClose}
    >
      <Form.Item name="typeId" label={t('system.field.productType')} required rules={rules('typeId')}>
        <Select data-testid="product-form-type" options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))} />
      </Form.Item>
      <TextItem name="name" label={t('system.field.productName')} required rules={rules('name')} testId="product-form-name" />
      <TextItem name="code" label={t('system.field.code')} rules={rules('code')} testId="product-form-code" />
      <TextItem name="unit" label={t('system.field.unit')} required rules={rules('unit')} testId="product-form-unit" />
      <Form.Item
        name="price"
        label={`${t('system.field.price')} (${currency})`}
        required
        rules={rules('price')}
        getValueProps={(v: number | null) => ({ value: typeof v === 'number' ? fromMinorUnits(v, currency) : v })}
        normalize={(v: number | null) => (typeof v === 'number' ? toMinorUnits(v, currency) : v)}
      >
        <InputNumber min={0} precision={currencyMinorDigits(currency)} style={{ width: 200 }} data-testid="product-form-price" />
      </Form.Item>
      <Form.Item name="active" label={t('system.field.active')} valuePropName="checked">
        <Switch data-testid="product-form-active" />
      </Form.Item>
    </CrudModal>
  );
}
