import { useTranslation } from 'react-i18next';
import { groupToday, groupTodayIso } from '../app/dates';
import { currentStoreScope, useAllStores } from '../app/layouts/store-scope';
import { useDefaultStore, useMe } from '../app/session';
import { StoreSelect } from './selects';

/** The store filter and the period type of lists, reports and the dashboard; their date pickers are in date-filters.tsx. */

/** Store filter: the stores of the signed-in user; empty = all of them. */
export function StoreFilter({
  value,
  onChange,
  allowAll = true,
  testId = 'store-filter',
}: {
  value?: number;
  onChange: (v: number | undefined) => void;
  allowAll?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const me = useMe();
  // Re-rendered when the header's switcher changes store or chooses "All stores".
  useDefaultStore();
  const all = useAllStores();
  const scope = all ? null : currentStoreScope();
  // Empty, the filter shows what the list shows: the header's store, or all stores.
  const scopeName = scope === null ? null : me?.stores.find((s) => s.id === scope)?.name;
  return (
    <StoreSelect
      data-testid={testId}
      style={{ minWidth: 200 }}
      allowClear={allowAll}
      placeholder={scopeName ?? t('common.allStores')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/** A period as `YYYY-MM-DD` strings, both ends included. */
export type Range = { from: string; to: string };

/** From the first of this month to today, in the group's calendar. */
export const thisMonth = (): Range => ({ from: groupToday().startOf('month').format('YYYY-MM-DD'), to: groupTodayIso() });

/** What a date filter filters by: its visible label (common.dateFilter.*). */
export type DateFilterKind =
  'date' | 'orderDate' | 'deliveryDate' | 'expenseDate' | 'reportDate' | 'reportMonth' | 'period' | 'loggedAt' | 'createdAt' | 'inForceOn';
