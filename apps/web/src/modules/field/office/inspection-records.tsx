import { useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { INSPECTION_RESULTS, type InspectionResult, type InspectionRow } from '@gasops/shared';
import { PagedTable, type DataTableColumn } from '../../../components/data-table';
import { StoreFilter, type Range } from '../../../components/filters';
import { RangeFilter } from '../../../components/date-filters';
import { SearchBox } from '../../../components/search-box';
import { useInspections } from './hooks';
import { InspectionDrawer } from './inspection-drawer';
import { ResultTag } from './parts';

type Filters = { storeId?: number; result?: InspectionResult; keyword?: string; from?: string; to?: string };

/**
 * The safety inspections recorded on phones, for the office (examinedSuggest's "Inspection records"
 * tab): date, customer, store, inspector, result, failed items and next due date; filters by period,
 * result, store and keyword (customer name or address); every row exportable; a row opens the full
 * record (checklist with notes, cylinders scanned, position, signature and photo).
 */
export function InspectionRecords() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({});
  const [open, setOpen] = useState<InspectionRow | null>(null);
  const list = useInspections(filters);
  const resultLabels = Object.fromEntries(INSPECTION_RESULTS.map((r) => [r, t(`field.inspectionResult.${r}`)]));

  const columns: DataTableColumn<InspectionRow>[] = [
    {
      title: t('field.office.col.date'),
      dataIndex: 'inspectionDate',
      exportKind: 'date',
      render: (v: string, r) => (
        <a onClick={() => setOpen(r)} data-testid={`inspection-row-${r.id}`}>
          {v}
        </a>
      ),
    },
    {
      title: t('field.office.col.customer'),
      dataIndex: 'customerName',
      render: (v: string, r) => (
        <span>
          {v}
          <br />
          <Typography.Text type="secondary">{r.customerAddress}</Typography.Text>
        </span>
      ),
    },
    { title: t('field.office.col.store'), dataIndex: 'storeName' },
    { title: t('field.office.col.inspector'), dataIndex: 'inspectorName' },
    {
      title: t('field.office.col.result'),
      dataIndex: 'result',
      render: (v: InspectionResult) => <ResultTag result={v} testId="inspection-result" />,
      exportLabels: resultLabels,
    },
    {
      title: t('field.office.col.failedItems'),
      dataIndex: 'failedItemsText',
      render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
    },
    { title: t('field.office.col.nextDueDate'), dataIndex: 'nextDueDate', exportKind: 'date' },
  ];

  return (
    <div data-testid="inspection-records">
      <PagedTable<InspectionRow>
        list={list}
        fileName="safety-inspections"
        columns={columns}
        locale={{ emptyText: t('field.office.noRecords') }}
        toolbar={
          <Space wrap>
            <RangeFilter
              label="date"
              testId="inspection-filter-dates"
              value={{ from: filters.from, to: filters.to }}
              onChange={(r: Partial<Range>) => setFilters({ ...filters, from: r.from, to: r.to })}
            />
            <Select<InspectionResult>
              allowClear
              style={{ width: 150 }}
              placeholder={t('field.office.allResults')}
              value={filters.result}
              onChange={(result) => setFilters({ ...filters, result })}
              options={INSPECTION_RESULTS.map((r) => ({ value: r, label: resultLabels[r] }))}
              data-testid="inspection-filter-result"
            />
            <StoreFilter
              value={filters.storeId}
              onChange={(storeId) => setFilters({ ...filters, storeId })}
              testId="inspection-filter-store"
            />
            <SearchBox
              placeholder={t('field.office.recordsSearch')}
              onSearch={(keyword) => setFilters({ ...filters, keyword })}
              testId="inspection-search"
              width={280}
            />
          </Space>
        }
      />
      <InspectionDrawer row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
