import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeProductBody, type StoreProductRow } from '@gasops/shared';
import type { z } from 'zod';
import { groupTodayIso } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { MoneyInput, TextItem, StoreItem } from '../../components/inputs';
import { DateInput } from '../../components/date-inputs';
import { CategorySelect, useDefaultStoreId } from '../../components/selects';
import { useSaveStoreProduct } from './hooks';

type ProductForm = z.input<typeof storeProductBody>;
const rules = zodRules(storeProductBody);

/** The add / edit dialog of a store product and its sale price (loaded with its first opening: store-product-screen.tsx). */
export function StoreProductModal({ row, onClose }: { row: StoreProductRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const defaultStoreId = useDefaultStoreId();
  const [form] = Form.useForm<ProductForm>();
  const save = useSaveStoreProduct();
  return (
    <CrudModal<ProductForm>
      form={form}
      row={row}
      save={save}
      title={t('customers.product.title')}
      okTestId="product-save"
      okText={t('common.ok')}
      send="all"
      initialValues={
        row ?? {
          storeId: defaultStoreId,
          startDate: groupTodayIso(),
          endDate: null,
          categoryId: null,
          salePrice: null,
        }
      }
      onClose={onClose}
    >
      <StoreItem label={t('customers.field.store')} rules={rules('storeId')} />
      <TextItem name="name" label={t('customers.product.name')} rules={rules('name')} required maxLength={100} testId="product-name" />
      <Form.Item name="salePrice" label={t('customers.product.salePrice')} rules={rules('salePrice')} required>
        <MoneyInput data-testid="product-price" />
      </Form.Item>
      <Form.Item name="categoryId" label={t('customers.product.category')} rules={rules('categoryId')}>
        <CategorySelect kind="product" />
      </Form.Item>
      <Form.Item name="startDate" label={t('customers.product.startDate')} rules={rules('startDate')} required>
        <DateInput allowClear={false} data-testid="product-start" />
      </Form.Item>
      <Form.Item name="endDate" label={t('customers.product.endDate')} rules={rules('endDate')} dependencies={['startDate']}>
        <DateInput data-testid="product-end" />
      </Form.Item>
    </CrudModal>
  );
}
