import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { expenseItemBody, type ExpenseItem, type ExpenseType } from '@gasops/shared';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { RemarkField, StoreField, TypeField } from './expense-fields';
import { useSaveExpenseItem } from './hooks';

type ItemForm = { storeId?: number; name: string; type?: ExpenseType; remark: string };

/** The add / edit dialog of an expense item (loaded with its first opening: incidentals-screen.tsx). */
export function ItemModal({ row, defaultStore, onClose }: { row: ExpenseItem | null; defaultStore?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ItemForm>();
  const rules = zodRules(expenseItemBody);
  const save = useSaveExpenseItem();
  const initial: ItemForm = row
    ? { storeId: row.storeId, name: row.name, type: row.type, remark: row.remark ?? '' }
    : { storeId: defaultStore, name: '', type: undefined, remark: '' };

  return (
    <CrudModal<ItemForm, { detail: string }>
      form={form}
      row={row}
      save={save}
      title={row ? t('finance.editItem') : t('finance.addItem')}
      okTestId="incidental-save"
      initialValues={initial}
      formTestId="incidental-form"
      success={(res) => res.detail}
      onClose={onClose}
    >
      <StoreField rules={rules} prefix="incidental" />
      <Form.Item name="name" label={t('finance.field.name')} rules={rules('name')} required>
        <Input data-testid="incidental-name" maxLength={100} />
      </Form.Item>
      <TypeField rules={rules} prefix="incidental" />
      <RemarkField rules={rules} prefix="incidental" />
    </CrudModal>
  );
}
