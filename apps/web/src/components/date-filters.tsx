import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { groupToday } from '../app/dates';
import type { DateFilterKind, Range } from './filters';

/** The date filters above lists and reports (apart from filters.tsx: only the screens that show one load antd's date picker). */

/**
 * A date range picker that reports `YYYY-MM-DD` strings: `required` keeps a value at all times,
 * `pastOnly` offers no day after the group's today. `label` says what it filters ("Order date"),
 * shown inside the picker and given to screen readers, so two date filters are never confused.
 */
export function RangeFilter({
  value,
  onChange,
  required = false,
  pastOnly = false,
  testId = 'date-range',
  label = 'date',
}: {
  value: Partial<Range>;
  onChange: (r: Partial<Range>) => void;
  required?: boolean;
  pastOnly?: boolean;
  testId?: string;
  label?: DateFilterKind;
}) {
  const { t } = useTranslation();
  const text = t(`common.dateFilter.${label}`);
  const v: [Dayjs, Dayjs] | null = value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      data-filter-label={text}
      prefix={<span className="date-filter-label">{text}</span>}
      aria-label={text}
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

/** A single date filter (a report's day or month) with its label, like RangeFilter. */
export function DateFilter({
  value,
  onChange,
  label,
  picker = 'date',
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  label: DateFilterKind;
  picker?: 'date' | 'month';
  testId?: string;
}) {
  const { t } = useTranslation();
  const text = t(`common.dateFilter.${label}`);
  const fmt = picker === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  return (
    <DatePicker
      data-testid={testId}
      data-filter-label={text}
      picker={picker}
      prefix={<span className="date-filter-label">{text}</span>}
      aria-label={text}
      allowClear={false}
      value={dayjs(value)}
      onChange={(d) => d && onChange(d.format(fmt))}
    />
  );
}
