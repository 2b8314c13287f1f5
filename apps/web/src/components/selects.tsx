import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CategoryKind, CustomerOption } from '@gasops/shared';
import { useMe } from '../app/session';
import { useCategoryOptions, useCustomerOptions } from '../modules/customers/hooks';
import { useDeliveryPersons } from '../modules/catalogue/hooks';
import { useGroupOptions } from '../modules/stores/hooks';

/** Pickers of the things many screens choose: a store, a store group, a category, a customer, a delivery person. */

export type NumberSelectProps = SelectProps<number> & { 'data-testid'?: string };

/** The user's default store, else their first store: what a new record's store starts as. */
export function useDefaultStoreId(): number | undefined {
  const me = useMe();
  return me?.defaultStoreId ?? me?.stores[0]?.id;
}

/** The stores the signed-in user works in. */
export function StoreSelect(props: NumberSelectProps) {
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

/** The platform administrator chooses which store group a screen works on; others stay in their own. */
export function GroupSelect({
  value,
  onChange,
  allowClear = true,
  placeholder,
  testId = 'group-select',
}: {
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const groups = useGroupOptions();
  return (
    <Select
      data-testid={testId}
      style={{ minWidth: 220 }}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholder ?? t('common.storeGroup')}
      loading={groups.isLoading}
      value={value ?? undefined}
      onChange={(v) => onChange(v ?? null)}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
    />
  );
}

/** Customer or product categories of the group. */
export function CategorySelect({ kind, ...props }: NumberSelectProps & { kind: CategoryKind }) {
  const { t } = useTranslation();
  const q = useCategoryOptions(kind);
  return (
    <Select<number>
      allowClear
      placeholder={t('customers.field.category')}
      style={{ minWidth: 160 }}
      options={(q.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}

/** Customer search by name, phone or address within a store. */
export function CustomerSelect({
  storeId,
  onPicked,
  ...props
}: NumberSelectProps & { storeId?: number | null; onPicked?: (c: CustomerOption | undefined) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useCustomerOptions({ storeId: storeId ?? undefined, keyword: keyword || undefined });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      placeholder={t('orders.field.customer')}
      loading={q.isFetching}
      options={(q.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.phone ? ` · ${c.phone}` : ''}`, customer: c }))}
      onSelect={(id) => onPicked?.(q.data?.find((c) => c.id === id))}
      {...props}
    />
  );
}

/** The delivery persons of a store (only those can be dispatched). */
export function DeliveryPersonSelect({ storeId, ...props }: NumberSelectProps & { storeId?: number | null }) {
  const { t } = useTranslation();
  const q = useDeliveryPersons(storeId ?? undefined);
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
