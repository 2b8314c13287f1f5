import type { ReactNode } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MovementKind } from '@gasops/shared';
import { useMe } from '../../app/session';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { SearchBox } from '../../components/search-box';
import { GroupSelect, StoreSelect } from '../../components/selects';
import { MovementSelect } from './parts';

/** Filters the lists of codes share (pending data, scan reads). */
export type CodeListFilters = { keyword?: string; kind?: MovementKind; storeId?: number; from?: string; to?: string };

/**
 * The toolbar of a list of codes (penddingDataMaintenance, ScanResultSearch): the code search, the
 * screen's own filters (`children`), then the movement, the store and the dates.
 */
export function CodeListToolbar({
  filters,
  set,
  searchTestId,
  children,
}: {
  filters: CodeListFilters;
  set: (patch: Partial<CodeListFilters>) => void;
  searchTestId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <SearchBox placeholder={t('cylinders.ui.searchCode')} onSearch={(keyword) => set({ keyword })} width={220} testId={searchTestId} />
      {children}
      <MovementSelect allowClear value={filters.kind} onChange={(kind) => set({ kind })} />
      <StoreSelect allowClear placeholder={t('cylinders.ui.allStores')} value={filters.storeId} onChange={(storeId) => set({ storeId })} />
      <RangeFilter value={{ from: filters.from, to: filters.to } as Partial<Range>} onChange={(r) => set({ from: r.from, to: r.to })} />
    </Space>
  );
}

/** A filter on one of a vocabulary's values (a pending status, a scan result), each shown by its message. */
export function VocabularyFilter<T extends string>({
  values,
  messages,
  placeholder,
  value,
  onChange,
  testId,
}: {
  values: readonly T[];
  /** The message prefix: `cylinders.pendingStatus` → `cylinders.pendingStatus.<value>`. */
  messages: string;
  placeholder: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Select<T>
      allowClear
      placeholder={placeholder}
      style={{ minWidth: 130 }}
      value={value}
      onChange={onChange}
      options={values.map((v) => ({ value: v, label: t(`${messages}.${v}`) }))}
      data-testid={testId}
    />
  );
}

/**
 * The registry's gas company filter (CylinderMaintenance, SystemCylinderMaintenance, the phone's
 * registry): the store group (`withGroup`: the platform administrator's) and one of its stores,
 * among the stores the user works in; a new group clears the store.
 */
export function CompanyFilter({
  withGroup,
  groupId,
  storeId,
  onChange,
  storeTestId,
  block = false,
}: {
  withGroup: boolean;
  groupId: number | undefined;
  storeId: number | undefined;
  onChange: (patch: { groupId?: number; storeId?: number }) => void;
  storeTestId: string;
  /** Full width (the phone). */
  block?: boolean;
}) {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <>
      {withGroup ? <GroupSelect value={groupId} onChange={(g) => onChange({ groupId: g ?? undefined, storeId: undefined })} /> : null}
      <StoreSelect
        allowClear
        {...(block ? { style: { width: '100%' } } : { showSearch: { optionFilterProp: 'label' } })}
        placeholder={t('cylinders.ui.allStores')}
        value={storeId}
        onChange={(s) => onChange({ storeId: s })}
        options={(me?.stores ?? []).filter((s) => !groupId || s.groupId === groupId).map((s) => ({ value: s.id, label: s.name }))}
        data-testid={storeTestId}
      />
    </>
  );
}
