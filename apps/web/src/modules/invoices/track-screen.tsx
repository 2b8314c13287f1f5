import { useState } from 'react';
import { Button, Empty, InputNumber, Tag, Typography } from 'antd';
import { SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InvoiceTrack } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';
import { actionsColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter } from '../../components/filters';
import { AddButton, RowActions } from '../../components/row-actions';
import { useDeleteTrack, useTracks } from './hooks';
import { PeriodSelect, usePeriodText } from './parts';

const TrackModal = lazyDialog(
  () => import('./track-modal'),
  (m) => m.TrackModal,
);
/** The store's e-invoice settings, a drawer loaded with its first opening . */
const InvoiceSettingsDrawer = lazyDialog(
  () => import('./settings-drawer'),
  (m) => m.InvoiceSettingsDrawer,
);

/**
 * invoice: the invoice tracks (字軌) the tax office assigned to each store and period, with what is
 * used and left of each, and the store's e-invoice settings (drawer).
 */
export function InvoiceTrackScreen() {
  const { t } = useTranslation();
  const periodText = usePeriodText();
  const [storeId, setStoreId] = useState<number>();
  const [rocYear, setRocYear] = useState<number>();
  const [period, setPeriod] = useState<number>();
  const [editing, setEditing] = useState<InvoiceTrack | 'new' | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useTracks({ storeId, rocYear, period });
  const low = list.data?.lowRemaining ?? 0;
  const remove = useDeleteTrack();

  const columns: DataTableColumn<InvoiceTrack>[] = [
    { title: t('invoices.ui.field.store'), dataIndex: 'storeName' },
    { title: t('invoices.ui.field.rocYear'), dataIndex: 'rocYear' },
    {
      title: t('invoices.ui.field.period'),
      dataIndex: 'period',
      render: (_: number, r) => periodText(r),
      exportValue: (r) => periodText(r),
    },
    { title: t('invoices.ui.field.prefix'), dataIndex: 'prefix', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('invoices.ui.field.start'), dataIndex: 'start' },
    { title: t('invoices.ui.field.end'), dataIndex: 'end' },
    numberColumn(t('invoices.ui.field.size'), 'size'),
    numberColumn(t('invoices.ui.field.used'), 'used'),
    numberColumn(t('invoices.ui.field.remaining'), 'remaining', {
      render: (v: number, r) =>
        v < low ? (
          <Tag color={v === 0 ? 'red' : 'orange'} icon={<WarningOutlined />} title={t('invoices.ui.low')} data-testid={`track-low-${r.id}`}>
            {v}
          </Tag>
        ) : (
          v
        ),
    }),
    { title: t('invoices.ui.field.next'), dataIndex: 'next', render: (v: string | null) => v ?? '—' },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="invoice"
        testId={`track-${r.id}`}
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleted={(res) => res.detail}
      />
    )),
  ];

  return (
    <div data-testid="invoice-track-screen">
      <PagedTable<InvoiceTrack>
        list={list}
        fileName="invoice-tracks"
        columns={columns}
        locale={{ emptyText: <Empty description={t('invoices.ui.noTracks')} /> }}
        toolbar={
          <>
            <AddButton screen="invoice" onClick={() => setEditing('new')} testId="track-add">
              {t('invoices.ui.addTrack')}
            </AddButton>
            <StoreFilter value={storeId} onChange={setStoreId} />
            <InputNumber<number>
              data-testid="track-filter-year"
              placeholder={t('invoices.ui.rocYearFilter')}
              min={100}
              max={999}
              precision={0}
              value={rocYear ?? null}
              onChange={(v) => setRocYear(v ?? undefined)}
              style={{ width: 120 }}
            />
            <PeriodSelect
              testId="track-filter-period"
              allowClear
              placeholder={t('invoices.ui.allPeriods')}
              value={period}
              onChange={setPeriod}
            />
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} data-testid="invoice-settings-open">
              {t('invoices.ui.settings')}
            </Button>
          </>
        }
      />
      {editing ? <TrackModal row={editing === 'new' ? null : editing} defaultStore={storeId} onClose={() => setEditing(null)} /> : null}
      {settingsOpen ? <InvoiceSettingsDrawer initialStore={storeId} onClose={() => setSettingsOpen(false)} /> : null}
    </div>
  );
}
