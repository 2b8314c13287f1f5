import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { groupToday, groupTodayIso } from '../app/dates';
import { StoreSelect } from './selects';

/** The store and period filters above lists, reports and the dashboard. */

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
  return (
    <StoreSelect
      data-testid={testId}
      style={{ minWidth: 200 }}
      allowClear={allowAll}
      placeholder={t('finance.allStores')}
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

/**
 * A date range picker that reports `YYYY-MM-DD` strings: `required` keeps a value at all times,
 * `pastOnly` offers no day after the group's today.
 */
export function RangeFilter({
  value,
  onChange,
  required = false,
  pastOnly = false,
  testId = 'date-range',
}: {
  value: Partial<Range>;
  onChange: (r: Partial<Range>) => void;
  required?: boolean;
  pastOnly?: boolean;
  testId?: string;
}) {
  const v: [Dayjs, Dayjs] | null = value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      value={v}
      allowClear={!required}
      disabledDate={pastOnly ? (d) => d.isAfter(groupToday().endOf('day')) : undefined}
      onChange={(d) => {
        if (!d?.[0] || !d?.[1]) return onChange(required ? value : {});
        onChange({ from: d[0].format('YYYY-MM-DD'), to: d[1].format('YYYY-MM-DD') });
      }}
    />
  );
}
