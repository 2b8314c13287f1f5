import type { ReactNode } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXPENSE_TYPES, type ExpenseType, type ScreenKey } from '@gasops/shared';
import { StoreFilter } from '../../components/filters';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';

/**
 * What the expense and incidentals screens share: the type picker and the list toolbar (their dialogs' store / type /
 * remark fields are in expense-fields.tsx, loaded with the dialogs).
 */

/** One of the expense types of seed §4. */
export function ExpenseTypeSelect(props: SelectProps<ExpenseType> & { 'data-testid'?: string }) {
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
