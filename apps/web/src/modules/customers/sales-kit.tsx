import { useState } from 'react';
import { DatePicker, InputNumber, Select, type SelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { currencyMinorDigits, formatMoneyMinor } from '@gasops/shared';
import { api, type QueryValue } from '../../app/api';
import { usePagedQuery } from '../../components/paged-query';
import { useMe } from '../../app/session';
import { fromGroupClock, toGroupClock } from '../../app/dates';

/**
 * Shared pieces of the customers, catalogue and orders screens: query keys, a server-paged list
 * hook, money / weight / date inputs that keep API units (minor units, grams, YYYY-MM-DD) as form
 * values so the shared zod schemas validate the form as they validate the request.
 */
export type { Paged } from '../../components/paged-query';

export const salesKeys = {
  all: ['sales'] as const,
  list: (path: string, params: Record<string, QueryValue>) => ['sales', path, params] as const,
  one: (path: string) => ['sales', path] as const,
};

export function useInvalidateSales() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: salesKeys.all });
}

export function useSalesQuery<T>(path: string, query?: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: query ? salesKeys.list(path, query) : salesKeys.one(path),
    queryFn: ({ signal }) => api.get<T>(path, { signal, query }),
    enabled,
  });
}

/** A server-paged list of these screens (see components/paged-query.ts). */
export function usePaged<T>(path: string, filters: Record<string, QueryValue>, enabled = true) {
  return usePagedQuery<T>((params) => salesKeys.list(path, params), path, filters, { enabled });
}

/** Money of the signed-in user's group: formatting and the number of minor digits. */
export function useMoney() {
  const me = useMe();
  const { i18n } = useTranslation();
  const currency = me?.currency ?? 'TWD';
  const digits = currencyMinorDigits(currency);
  return {
    currency,
    digits,
    fmt: (minor: number | null | undefined) => (minor == null ? '' : formatMoneyMinor(minor, currency, i18n.language)),
  };
}

export const kg = (grams: number | null | undefined) => (grams == null ? '' : (grams / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 }));

type NumProps = { value?: number | null; onChange?: (v: number | null) => void; disabled?: boolean; placeholder?: string; 'data-testid'?: string; style?: React.CSSProperties; min?: number };

/** Money input in major units; the form value stays integer minor units. */
export function MoneyInput({ value, onChange, ...rest }: NumProps) {
  const { digits, currency } = useMoney();
  const factor = 10 ** digits;
  return (
    <InputNumber<number>
      style={{ width: '100%', ...rest.style }}
      min={rest.min ?? 0}
      step={1}
      precision={digits}
      addonAfter={currency}
      value={value == null ? null : value / factor}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * factor))}
      disabled={rest.disabled}
      placeholder={rest.placeholder}
      data-testid={rest['data-testid']}
    />
  );
}

/** Weight input in kg (3 decimals); the form value stays integer grams. */
export function KgInput({ value, onChange, ...rest }: NumProps) {
  return (
    <InputNumber<number>
      style={{ width: '100%', ...rest.style }}
      min={0}
      step={0.1}
      precision={3}
      addonAfter="kg"
      value={value == null ? null : value / 1000}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 1000))}
      disabled={rest.disabled}
      data-testid={rest['data-testid']}
    />
  );
}

/** Meter reading in m³ (3 decimals); the form value stays integer thousandths. */
export function MeterInput({ value, onChange, ...rest }: NumProps) {
  return (
    <InputNumber<number>
      style={{ width: '100%', ...rest.style }}
      min={0}
      step={1}
      precision={3}
      addonAfter="m³"
      value={value == null ? null : value / 1000}
      onChange={(v) => onChange?.(v == null ? null : Math.round(v * 1000))}
      data-testid={rest['data-testid']}
    />
  );
}

/** A date picker whose form value is a `YYYY-MM-DD` string. */
export function DateInput({ value, onChange, ...rest }: { value?: string | null; onChange?: (v: string | null) => void; 'data-testid'?: string; allowClear?: boolean; picker?: 'date' | 'month' }) {
  const fmt = rest.picker === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  return (
    <DatePicker
      style={{ width: '100%' }}
      picker={rest.picker}
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format(fmt) : null)}
      allowClear={rest.allowClear ?? true}
      data-testid={rest['data-testid']}
    />
  );
}

/** A date-time picker whose form value is an ISO timestamp; it shows and takes the group's wall-clock time. */
export function DateTimeInput({ value, onChange, ...rest }: { value?: string | null; onChange?: (v: string | null) => void; 'data-testid'?: string }) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format="YYYY-MM-DD HH:mm"
      style={{ width: '100%' }}
      value={toGroupClock(value)}
      onChange={(d) => onChange?.(d ? fromGroupClock(d) : null)}
      data-testid={rest['data-testid']}
    />
  );
}

/** The stores the user works in. */
export function StoreSelect(props: SelectProps<number> & { 'data-testid'?: string }) {
  const me = useMe();
  const { t } = useTranslation();
  return (
    <Select<number>
      placeholder={t('common.store')}
      style={{ minWidth: 180 }}
      options={(me?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
      {...props}
    />
  );
}

export function CategorySelect({ kind, ...props }: SelectProps<number> & { kind: 'customer' | 'product'; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const q = useSalesQuery<{ id: number; name: string }[]>('/categories/options', { kind });
  return <Select<number> allowClear placeholder={t('customers.field.category')} style={{ minWidth: 160 }} options={(q.data ?? []).map((c) => ({ value: c.id, label: c.name }))} {...props} />;
}

export type CustomerOption = { id: number; name: string; phone: string | null; address: string | null; type: string; storeId: number };

/** Customer search by name, phone or address within a store. */
export function CustomerSelect({ storeId, ...props }: SelectProps<number> & { storeId?: number | null; 'data-testid'?: string; onPicked?: (c: CustomerOption | undefined) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useSalesQuery<CustomerOption[]>('/customers/options', { storeId: storeId ?? undefined, keyword: keyword || undefined });
  const { onPicked, ...rest } = props;
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder={t('orders.field.customer')}
      loading={q.isFetching}
      options={(q.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.phone ? ` · ${c.phone}` : ''}`, customer: c }))}
      onSelect={(id) => onPicked?.(q.data?.find((c) => c.id === id))}
      {...rest}
    />
  );
}

export function DeliveryPersonSelect({ storeId, ...props }: SelectProps<number> & { storeId?: number | null; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const q = useSalesQuery<{ userId: number; name: string; account: string }[]>('/delivery-persons', { storeId: storeId ?? undefined }, !!storeId);
  return (
    <Select<number>
      placeholder={t('orders.dispatch.person')}
      style={{ minWidth: 160 }}
      options={(q.data ?? []).map((p) => ({ value: p.userId, label: `${p.name} (${p.account})` }))}
      notFoundContent={t('orders.dispatch.noPersons')}
      {...props}
    />
  );
}
