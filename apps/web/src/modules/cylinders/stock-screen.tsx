import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MovementKind, type StockDocumentDetail, type StockDocumentRow } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { StoreSelect } from '../../components/selects';
import { useStockDocuments } from './hooks';
import { MovementSelect, MovementTag } from './parts';
import { lazyDialog } from '../../app/lazy';

/** A new stock document and a document's lines: loaded with their first opening. */
const StockDocumentModal = lazyDialog(
  () => import('./stock-document-modal'),
  (m) => m.StockDocumentModal,
);
const StockDocumentDrawer = lazyDialog(
  () => import('./stock-document-drawer'),
  (m) => m.StockDocumentDrawer,
);

/** CylinderStockMaintenance: stock documents (one movement kind for a list of cylinders), their lines' results, and a new document. */
export function CylinderStockScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<{ keyword?: string; storeId?: number; kind?: MovementKind; from?: string; to?: string }>({});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ id: number; data?: StockDocumentDetail } | null>(null);
  const list = useStockDocuments(filters);
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));

  const columns: DataTableColumn<StockDocumentRow>[] = [
    {
      title: t('cylinders.field.docNo'),
      dataIndex: 'docNo',
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShown({ id: r.id })} data-testid={`stock-open-${r.id}`}>
          {v}
        </Button>
      ),
    },
    { title: t('cylinders.field.docDate'), dataIndex: 'docDate' },
    {
      title: t('cylinders.field.kind'),
      dataIndex: 'kind',
      render: (k: MovementKind) => <MovementTag kind={k} />,
      exportValue: (r) => t(`cylinders.movement.${r.kind}`),
    },
    { title: t('cylinders.field.store'), dataIndex: 'storeName' },
    { title: t('cylinders.field.sourceDocNo'), dataIndex: 'sourceDocNo' },
    { title: t('cylinders.field.customer'), dataIndex: 'customerName' },
    numberColumn(t('cylinders.ui.lines'), 'lineCount'),
    numberColumn(t('cylinders.lineResult.applied'), 'appliedCount'),
    numberColumn(t('cylinders.lineResult.pending'), 'pendingCount', { render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : v) }),
    { title: t('cylinders.field.overrideReason'), dataIndex: 'overrideReason', ellipsis: true },
    { title: t('cylinders.ui.by'), dataIndex: 'createdByName' },
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v),
      exportValue: (r) => formatDateTime(r.createdAt),
    },
  ];

  return (
    <div data-testid="stock-screen">
      <PagedTable<StockDocumentRow>
        list={list}
        fileName="stock-documents"
        columns={columns}
        locale={{ emptyText: t('cylinders.ui.emptyDocuments') }}
        toolbar={
          <Space wrap>
            <SearchBox
              placeholder={t('cylinders.ui.searchDocument')}
              onSearch={(keyword) => set({ keyword })}
              width={240}
              testId="stock-search"
            />
            <StoreSelect
              allowClear
              placeholder={t('cylinders.ui.allStores')}
              value={filters.storeId}
              onChange={(storeId) => set({ storeId })}
            />
            <MovementSelect allowClear value={filters.kind} onChange={(kind) => set({ kind })} data-testid="stock-filter-kind" />
            <RangeFilter
              value={{ from: filters.from, to: filters.to } as Partial<Range>}
              onChange={(r) => set({ from: r.from, to: r.to })}
            />
            <AddButton screen="CylinderStockMaintenance" onClick={() => setCreating(true)} testId="stock-add">
              {t('cylinders.ui.newDocument')}
            </AddButton>
          </Space>
        }
      />
      {creating ? (
        <StockDocumentModal
          onClose={() => setCreating(false)}
          onDone={(doc) => {
            setCreating(false);
            setShown({ id: doc.id, data: doc });
          }}
        />
      ) : null}
      {shown ? <StockDocumentDrawer id={shown.id} initial={shown.data} onClose={() => setShown(null)} /> : null}
    </div>
  );
}
