import type { ReactNode } from 'react';
import { Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_CUSTOMER_TYPES, REPORT_SCOPES, type DeliveryPersonOption, type ReportCustomerType, type ReportScope } from '@gasops/shared';
import { api } from '../../app/api';
import { StoreFilter } from '../finance/kit';

export type ReportFilterValues = { storeId?: number; deliveryPersonId?: number; customerType?: ReportCustomerType; scope: ReportScope };

/** The filters every report shares: store, delivery person, customer type and which orders; the period comes as children. */
export function ReportFilters({
  value,
  onChange,
  children,
}: {
  value: ReportFilterValues;
  onChange: (v: ReportFilterValues) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const persons = useQuery({
    queryKey: ['reports', 'delivery-persons', value.storeId],
    queryFn: ({ signal }) => api.get<DeliveryPersonOption[]>('/reports/delivery-persons', { signal, query: { storeId: value.storeId } }),
  });
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="report-filters">
      <StoreFilter value={value.storeId} onChange={(storeId) => onChange({ ...value, storeId, deliveryPersonId: undefined })} />
      {children}
      <Select
        data-testid="person-filter"
        allowClear
        style={{ minWidth: 180 }}
        placeholder={t('reports.filter.allPersons')}
        value={value.deliveryPersonId}
        onChange={(v) => onChange({ ...value, deliveryPersonId: v ?? undefined })}
        showSearch={{ optionFilterProp: 'label' }}
        options={(persons.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <Select
        data-testid="customer-type-filter"
        allowClear
        style={{ minWidth: 180 }}
        placeholder={t('reports.filter.allTypes')}
        value={value.customerType}
        onChange={(v) => onChange({ ...value, customerType: v ?? undefined })}
        options={REPORT_CUSTOMER_TYPES.map((c) => ({ value: c, label: t(`reports.customerType.${c}`) }))}
      />
      <Select
        data-testid="scope-filter"
        style={{ minWidth: 180 }}
        value={value.scope}
        onChange={(scope) => onChange({ ...value, scope })}
        options={REPORT_SCOPES.map((s) => ({ value: s, label: t(`reports.scope.${s}`) }))}
        prefix={t('reports.scope.label')}
      />
    </Space>
  );
}

export const initialFilters = (): ReportFilterValues => ({ scope: 'sales' });
