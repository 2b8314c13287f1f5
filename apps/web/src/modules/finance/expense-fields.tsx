import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { StoreSelect } from '../../components/selects';
import { ExpenseTypeSelect } from './expense-parts';

/** The store, type and remark fields the expense and item dialogs share (loaded with them: expense-modal.tsx, item-modal.tsx). */

type Rules = (field: string) => Rule[];

/** The store field of an expense or an item; `prefix` names the test ids (`expense`, `incidental`). */
export function StoreField({ rules, prefix }: { rules: Rules; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="storeId" label={t('finance.field.store')} rules={rules('storeId')} required>
      <StoreSelect data-testid={`${prefix}-store`} placeholder={t('finance.selectStore')} style={undefined} />
    </Form.Item>
  );
}

export function TypeField({ rules, prefix }: { rules: Rules; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="type" label={t('finance.field.type')} rules={rules('type')} required>
      <ExpenseTypeSelect data-testid={`${prefix}-type`} placeholder={t('common.selectType')} />
    </Form.Item>
  );
}

export function RemarkField({ rules, prefix }: { rules: Rules; prefix: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('finance.field.remark')} rules={rules('remark')}>
      <Input.TextArea data-testid={`${prefix}-remark`} rows={2} maxLength={500} />
    </Form.Item>
  );
}
