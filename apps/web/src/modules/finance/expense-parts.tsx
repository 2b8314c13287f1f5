import type { ReactNode } from 'react';
import { Form, Input, Select, type SelectProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TYPES, type ExpenseType, type ScreenKey } from '@gasops/shared';
import { StoreFilter } from '../../components/filters';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { StoreSelect } from '../../components/selects';

/** What the expense and incidentals screens share: the type picker, the list toolbar and the store / type / remark fields. */

/** One of the expense types of seed §4. */
function ExpenseTypeSelect(props: SelectProps<ExpenseType> & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return <Select<ExpenseType> options={EXPENSE_TYPES.map((v) => ({ value: v, label: t(`finance.type.${v}`) }))} {...props} />;
}

/** Add button, store and type filters, search; `children` go before the search (the expenses' period). */
export function ExpenseToolbar({
  screen,
  add,
  storeId,
  onStore,
  type,
  onType,
  searchPlaceholder,
  onSearch,
  children,
}: {
  screen: ScreenKey;
  add: { label: string; testId: string; onClick: () => void };
  storeId?: number;
  onStore: (id: number | undefined) => void;
  type?: ExpenseType;
  onType: (type: ExpenseType | undefined) => void;
  searchPlaceholder: string;
  onSearch: (keyword: string | undefined) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <AddButton screen={screen} onClick={add.onClick} testId={add.testId}>
        {add.label}
      </AddButton>
      <StoreFilter value={storeId} onChange={onStore} />
      <ExpenseTypeSelect
        data-testid="type-filter"
        allowClear
        style={{ minWidth: 160 }}
        placeholder={t('finance.allTypes')}
        value={type}
        onChange={(v) => onType(v ?? undefined)}
      />
      {children}
      <SearchBox placeholder={searchPlaceholder} onSearch={onSearch} width={260} />
    </>
  );
}

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
