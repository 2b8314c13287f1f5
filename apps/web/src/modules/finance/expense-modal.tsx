import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { expenseBody, type Expense, type ExpenseType } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { CrudModal } from '../../components/form-modal';
import { MoneyInput } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { RemarkField, StoreField, TypeField } from './expense-fields';
import { useSaveExpense, useExpenseItemOptions } from './hooks';

type ExpenseForm = { storeId?: number; date?: string; itemId?: number; type?: ExpenseType; amount?: number | null; remark: string };

/** The add / edit dialog of an expense (loaded with its first opening: expense-screen.tsx). */
export function ExpenseModal({ row, defaultStore, onClose }: { row: Expense | null; defaultStore?: number; onClose: () => void }) {
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
