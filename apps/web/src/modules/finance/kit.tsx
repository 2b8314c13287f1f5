import { useMemo, type ReactNode } from 'react';
import { Card, Col, DatePicker, InputNumber, Row, Select, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { currencyMinorDigits } from '@gasops/shared';
import type { QueryValue } from '../../app/api';
import { usePagedQuery, type Paged } from '../../components/paged-query';
import { useMe } from '../../app/session';
import { groupToday, groupTodayIso } from '../../app/dates';

/**
 * Small building blocks shared by the finance, reports and dashboard screens: money and weight
 * formatting in the active language and the group's currency, store filter, date range,
 * paged lists and summary cards (search and row actions: components/; canDo: app/permissions).
 */

/** Formats minor units as money in the active language; the group's currency from the session. */
export function useMoney(currencyOverride?: string) {
  const { i18n } = useTranslation();
  const me = useMe();
  const currency = currencyOverride ?? me?.currency ?? 'TWD';
  return useMemo(() => {
    const digits = currencyMinorDigits(currency);
    let fmt: Intl.NumberFormat;
    try {
      fmt = new Intl.NumberFormat(i18n.language, { style: 'currency', currency });
    } catch {
      fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    }
    const major = (minor: number) => minor / 10 ** digits;
    return { currency, digits, major, format: (minor: number | null | undefined) => (minor == null ? '' : fmt.format(major(minor))) };
  }, [currency, i18n.language]);
}

/** Grams as kilograms (up to 3 decimals) in the active language. */
export function useKg() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const fmt = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
    return (grams: number | null | undefined) => (grams == null ? '' : fmt.format(grams / 1000));
  }, [i18n.language]);
}

/** An amount typed in major units, kept in the form as integer minor units (what the API takes). */
export function MoneyInput({ value, onChange, testId }: { value?: number | null; onChange?: (v: number | null) => void; testId?: string }) {
  const { digits, currency } = useMoney();
  return (
    <InputNumber<number>
      style={{ width: '100%' }}
      data-testid={testId}
      min={0}
      precision={digits}
      prefix={currency}
      value={value == null ? null : value / 10 ** digits}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 10 ** digits))}
    />
  );
}

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
  return (
    <Select
      data-testid={testId}
      style={{ minWidth: 200 }}
      allowClear={allowAll}
      placeholder={t('finance.allStores')}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      showSearch={{ optionFilterProp: 'label' }}
      options={(me?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

export type Range = { from: string; to: string };
export const thisMonth = (): Range => ({ from: groupToday().startOf('month').format('YYYY-MM-DD'), to: groupTodayIso() });

/** A date range picker that reports YYYY-MM-DD strings; `required` keeps a value at all times. */
export function RangeFilter({
  value,
  onChange,
  required = false,
  testId = 'date-range',
}: {
  value: Partial<Range>;
  onChange: (r: Partial<Range>) => void;
  required?: boolean;
  testId?: string;
}) {
  const v: [Dayjs, Dayjs] | null = value.from && value.to ? [dayjs(value.from), dayjs(value.to)] : null;
  return (
    <DatePicker.RangePicker
      data-testid={testId}
      value={v}
      allowClear={!required}
      onChange={(d) => {
        if (!d?.[0] || !d?.[1]) return onChange(required ? value : {});
        onChange({ from: d[0].format('YYYY-MM-DD'), to: d[1].format('YYYY-MM-DD') });
      }}
    />
  );
}

export type { Paged } from '../../components/paged-query';

/** A server-paged list under a query key prefix (see components/paged-query.ts). */
export function usePaged<T, R extends Paged<T> = Paged<T>>(key: string, path: string, filters: Record<string, QueryValue>, enabled = true) {
  return usePagedQuery<T, R>((params) => [key, path, params], path, filters, { enabled });
}

export type StatItem = { key: string; title: ReactNode; value: ReactNode; testId?: string; color?: string };

/** A row of summary figures. */
export function StatCards({ items }: { items: StatItem[] }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {items.map((s) => (
        <Col key={s.key} xs={12} sm={8} lg={Math.max(4, Math.floor(24 / Math.max(items.length, 1)))}>
          <Card size="small" data-testid={s.testId}>
            <Statistic title={s.title} valueRender={() => <span style={{ fontSize: 20, color: s.color }}>{s.value}</span>} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
