import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { groupToday } from '../app/dates';
import type { DateFilterKind, Range } from './filters';

/**
 * The date filters above lists and reports, on antd's date picker (33 KB gzip): loaded by date-filters.tsx once a
 * screen shows one, a stand-in meanwhile (issue 16). Import date-filters.tsx, never this file.
 */

export type RangeFilterProps = {
  value: Partial<Range>;
  onChange: (r: Partial<Range>) => void;
  /** A value at all times (no clearing). */
  required?: boolean;
  /** No day after the group's today. */
  pastOnly?: boolean;
  testId?: string;
  /** What it filters ("Order date"), shown inside the picker and given to screen readers. */
  label?: DateFilterKind;
};

export type DateFilterProps = {
  /** `YYYY-MM-DD` (`YYYY-MM`), or '' for none (only when `clearable`). */
  value: string;
  onChange: (v: string) => void;
  /** May be emptied (reports ''). */
  clearable?: boolean;
  label: DateFilterKind;
  picker?: 'date' | 'month';
  testId?: string;
};

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
}: RangeFilterProps) {
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
export function DateFilter({ value, onChange, label, picker = 'date', testId, clearable = false }: DateFilterProps) {
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
      allowClear={clearable}
      value={value ? dayjs(value) : null}
      onChange={(d) => (d ? onChange(d.format(fmt)) : clearable && onChange(''))}
    />
  );
}
