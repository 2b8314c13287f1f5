import Input from 'antd/es/input/Input';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../app/lazy';
import type { DateFilterProps, RangeFilterProps } from './date-filter-pickers';
import type { DateFilterKind } from './filters';

/*
 * The date filters above lists and reports (apart from filters.tsx: only the screens that show one load them). antd's
 * date picker is 33 KB gzip: it comes in a chunk of its own (date-filter-pickers.tsx), asked for when a screen first
 * shows a date filter, so the screen's list does not wait for it (issue 16). Meanwhile a read-only field of the same
 * label and value stands in; it has no test id, so a test finds the real picker.
 */

/** What stands in for a date filter while its picker loads: its label and its value as text, not editable, as wide. */
function StandIn({ label, text, width }: { label: DateFilterKind; text: string; width: number }) {
  const { t } = useTranslation();
  const name = t(`common.dateFilter.${label}`);
  return (
    <Input
      readOnly
      aria-busy
      aria-label={name}
      className="date-filter-standin"
      prefix={<span className="date-filter-label">{name}</span>}
      value={text}
      style={{ width: 'auto' }}
      styles={{ input: { width } }}
    />
  );
}

/** A date range filter that reports `YYYY-MM-DD` strings. */
export const RangeFilter = lazyComponent(
  () => import('./date-filter-pickers'),
  (m) => m.RangeFilter,
  ({ value, label = 'date' }: RangeFilterProps) => (
    <StandIn label={label} text={value.from && value.to ? `${value.from} → ${value.to}` : ''} width={RANGE_WIDTH} />
  ),
);

/** A single date filter (a report's day or month) with its label, like RangeFilter. */
export const DateFilter = lazyComponent(
  () => import('./date-filter-pickers'),
  (m) => m.DateFilter,
  ({ value, label }: DateFilterProps) => <StandIn label={label} text={value} width={DATE_WIDTH} />,
);

/**
 * The stand-in's text box, as wide as the picker's beside its label (measured in Chromium, the same in all five
 * languages: the picker is its label and 296 px for a range, 155 px for a day), so nothing moves when the picker comes.
 */
const RANGE_WIDTH = 268;
const DATE_WIDTH = 127;
