import type { ReactNode } from 'react';
import { Select, Space, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_TYPES, REPORT_SCOPES, type CustomerType, type ReportScope } from '@gasops/shared';
import { StoreFilter } from '../../components/filters';
import { useReportDeliveryPersons } from './hooks';

export type ReportFilterValues = { storeId?: number; deliveryPersonId?: number; customerType?: CustomerType; scope: ReportScope };

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
  const persons = useReportDeliveryPersons(value.storeId);
  const filter = { value, onChange };
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="report-filters">
      <StoreFilter value={value.storeId} onChange={(storeId) => onChange({ ...value, storeId, deliveryPersonId: undefined })} />
      {children}
      <FilterSelect
        field="deliveryPersonId"
        {...filter}
        data-testid="person-filter"
        placeholder={t('reports.filter.allPersons')}
        showSearch={{ optionFilterProp: 'label' }}
        options={(persons.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <FilterSelect
        field="customerType"
        {...filter}
        data-testid="customer-type-filter"
        placeholder={t('reports.filter.allTypes')}
        options={CUSTOMER_TYPES.map((c) => ({ value: c, label: t(`customers.type.${c}`) }))}
      />
      <FilterSelect
        field="scope"
        {...filter}
        data-testid="scope-filter"
        allowClear={false}
        options={REPORT_SCOPES.map((s) => ({ value: s, label: t(`reports.scope.${s}`) }))}
        prefix={t('reports.scope.label')}
      />
    </Space>
  );
}

type SelectField = 'deliveryPersonId' | 'customerType' | 'scope';

/** The select of one field of the filters; clearing it (unless `allowClear` is false) removes that filter. */
function FilterSelect<K extends SelectField>({
  field,
  value,
  onChange,
  ...props
}: Omit<SelectProps<ReportFilterValues[K]>, 'value' | 'onChange'> & {
  field: K;
  value: ReportFilterValues;
  onChange: (v: ReportFilterValues) => void;
  'data-testid': string;
}) {
  return (
    <Select<ReportFilterValues[K]>
      allowClear
      style={{ minWidth: 180 }}
      value={value[field]}
      onChange={(v) => onChange({ ...value, [field]: v ?? undefined })}
      {...props}
    />
  );
}

export const initialFilters = (): ReportFilterValues => ({ scope: 'sales' });
