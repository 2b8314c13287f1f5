import { useState } from 'react';
import { Alert, Button, Popconfirm, Segmented, Select, Space, Tabs, Tag, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SCAN_RESULTS, shiftDate, type MovementKind, type ScanReaderRow, type ScanResult, type ScanStats } from '@gasops/shared';
import { formatDateTime, formatDateTimeSeconds, groupTodayIso } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { lazyDialog } from '../../app/lazy';
import { Chart } from '../../components/chart';
import { actionsColumn } from '../../components/columns';
import { DataTable, PagedTable, type DataTableColumn } from '../../components/data-table';
import { type Range } from '../../components/filters';
import { RangeFilter } from '../../components/date-filters';
import { AddButton, RowActions } from '../../components/row-actions';
import { StoreSelect } from '../../components/selects';
import { StatCards } from '../../components/stat-cards';
import {
  useDeleteReader,
  useReaders,
  useRenewReaderSecret,
  useScanReads,
  useScanStats,
  type ScanReadRow,
  type ScanReaderSecret,
} from './hooks';
import { CodeListToolbar, VocabularyFilter } from './list-filters';
import { MovementTag } from './parts';

/** A reader's form and its secret, shown once (reader-dialogs.tsx): loaded with their first opening. */
const ReaderModal = lazyDialog(
  () => import('./reader-dialogs'),
  (m) => m.ReaderModal,
);
const ReaderSecretModal = lazyDialog(
  () => import('./reader-dialogs'),
  (m) => m.ReaderSecretModal,
);

const RESULT_COLOURS: Record<ScanResult, string> = { success: 'green', failure: 'red', unprocessed: 'orange' };
const COUNTS = ['total', 'success', 'failure', 'unprocessed', 'newToday', 'qualified'] as const;
type StatRow = ScanStats['items'][number];

function ReaderSelect({ value, onChange }: { value?: number; onChange: (v: number | undefined) => void }) {
  const { t } = useTranslation();
  const readers = useReaders();
  return (
    <Select<number>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('cylinders.field.reader')}
      style={{ minWidth: 170 }}
      loading={readers.isLoading}
      value={value}
      onChange={onChange}
      options={(readers.data ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${r.storeName}` }))}
      data-testid="scan-filter-reader"
    />
  );
}

/** The figures of each reader per day or hour, the totals, a chart over time; a row opens its reads. */
function StatisticsPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = groupTodayIso();
  const [range, setRange] = useState<Range>({ from: shiftDate(today, { days: -13 }), to: today });
  const [interval, setStep] = useState<'day' | 'hour'>('day');
  const [readerId, setReaderId] = useState<number>();
  const [storeId, setStoreId] = useState<number>();
  const q = useScanStats({ ...range, interval, readerId, storeId });
  const items = q.data?.items ?? [];
  const totals = q.data?.totals;
  const buckets = [...new Set(items.map((i) => i.bucket))].sort();
  const sumOf = (key: (typeof COUNTS)[number]) => buckets.map((b) => items.filter((i) => i.bucket === b).reduce((n, i) => n + i[key], 0));
  const label = (key: (typeof COUNTS)[number]) => t(`cylinders.field.${key}`);
  const drill = (r: StatRow) => {
    const day = r.bucket.slice(0, 10);
    const p = new URLSearchParams({ from: day, to: day });
    if (r.readerId) p.set('readerId', String(r.readerId));
    void navigate(`/manager/ScanResultSearch?${p.toString()}`);
  };
  const columns: DataTableColumn<StatRow>[] = [
    { title: t('cylinders.field.interval'), dataIndex: 'bucket' },
    { title: t('cylinders.field.reader'), dataIndex: 'readerName', render: (v: string | null) => v ?? t('cylinders.ui.noReader') },
    ...COUNTS.map((key) => ({ title: label(key), dataIndex: key, align: 'right' as const })),
    actionsColumn(t('common.actions'), (r) => (
      <Button size="small" onClick={() => drill(r)} data-testid={`scan-drill-${r.bucket}-${r.readerId ?? 0}`}>
        {t('cylinders.ui.showReads')}
      </Button>
    )),
  ];

  return (
    <div data-testid="scan-stats">
      <Space wrap style={{ marginBottom: 12 }}>
        <RangeFilter value={range} onChange={(r) => setRange(r as Range)} required pastOnly testId="scan-range" />
        <Segmented<'day' | 'hour'>
          value={interval}
          onChange={setStep}
          options={[
            { value: 'day', label: t('cylinders.interval.day') },
            { value: 'hour', label: t('cylinders.interval.hour') },
          ]}
          data-testid="scan-interval"
        />
        <ReaderSelect value={readerId} onChange={setReaderId} />
        <StoreSelect allowClear placeholder={t('cylinders.ui.allStores')} value={storeId} onChange={setStoreId} />
      </Space>
      {q.error ? <Alert type="error" showIcon title={q.error.message} style={{ marginBottom: 12 }} /> : null}
      <StatCards
        items={COUNTS.map((key) => ({
          key,
          title: label(key),
          value: totals?.[key] ?? 0,
          testId: `scan-total-${key}`,
          color: key === 'failure' ? '#d1495b' : key === 'unprocessed' ? '#f0a500' : undefined,
        }))}
      />
      {buckets.length > 0 ? (
        <Chart
          testId="scan-chart"
          option={{
            tooltip: { trigger: 'axis' },
            legend: { data: [label('success'), label('failure'), label('unprocessed'), label('total')] },
            grid: { left: 50, right: 20, top: 40, bottom: 30 },
            xAxis: { type: 'category', data: buckets },
            yAxis: { type: 'value' },
            series: [
              { name: label('success'), type: 'bar', stack: 'reads', data: sumOf('success'), itemStyle: { color: '#52c41a' } },
              { name: label('failure'), type: 'bar', stack: 'reads', data: sumOf('failure'), itemStyle: { color: '#d1495b' } },
              { name: label('unprocessed'), type: 'bar', stack: 'reads', data: sumOf('unprocessed'), itemStyle: { color: '#f0a500' } },
              { name: label('total'), type: 'line', data: sumOf('total'), itemStyle: { color: '#2f4b7c' } },
            ],
          }}
        />
      ) : null}
      <DataTable<StatRow>
        rowKey={(r) => `${r.bucket}-${r.readerId ?? 0}`}
        loading={q.isFetching}
        dataSource={items}
        columns={columns}
        exportable={{ fileName: 'scan-statistics' }}
        locale={{ emptyText: t('cylinders.ui.emptyScans') }}
        onRow={(r) => ({ onDoubleClick: () => drill(r) })}
      />
    </div>
  );
}

/** The scan readers (RFID gates, handhelds, phones): add, edit, renew the secret (shown once), delete. */
function ReadersPanel() {
  const { t } = useTranslation();
  const readers = useReaders();
  const renew = useRenewReaderSecret();
  const remove = useDeleteReader();
  const me = useMe();
  const [editing, setEditing] = useState<ScanReaderRow | 'new' | null>(null);
  const [secret, setSecret] = useState<ScanReaderSecret | null>(null);
  const columns: DataTableColumn<ScanReaderRow>[] = [
    { title: t('common.name'), dataIndex: 'name' },
    {
      title: t('cylinders.field.readerKind'),
      dataIndex: 'kind',
      render: (v: ScanReaderRow['kind']) => t(`cylinders.readerKind.${v}`),
      exportValue: (r) => t(`cylinders.readerKind.${r.kind}`),
    },
    { title: t('cylinders.field.store'), dataIndex: 'storeName' },
    { title: 'ID', dataIndex: 'id' },
    {
      title: t('common.status'),
      dataIndex: 'active',
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'common.active' : 'common.inactive')}</Tag>,
      exportValue: (r) => t(r.active ? 'common.active' : 'common.inactive'),
    },
    { title: t('cylinders.ui.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string | null) => formatDateTime(v) },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen="ScanResultStatistics"
        testId={`reader-${r.id}`}
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleted={(res) => res.detail}
        extra={
          canDo(me, 'ScanResultStatistics', 'edit') ? (
            <Popconfirm
              title={t('cylinders.ui.renewConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() =>
                renew
                  .mutateAsync(r.id)
                  .then(setSecret)
                  .catch(() => undefined)
              }
            >
              <Button size="small" icon={<KeyOutlined />} data-testid={`reader-${r.id}-renew`}>
                {t('cylinders.ui.renewSecret')}
              </Button>
            </Popconfirm>
          ) : null
        }
      />
    )),
  ];
  return (
    <div data-testid="scan-readers">
      <DataTable<ScanReaderRow>
        rowKey="id"
        loading={readers.isFetching}
        dataSource={readers.data ?? []}
        columns={columns}
        exportable={{ fileName: 'scan-readers' }}
        locale={{ emptyText: t('cylinders.ui.emptyReaders') }}
        toolbar={
          <Space wrap>
            <Typography.Text type="secondary">{t('cylinders.ui.readersIntro')}</Typography.Text>
            <AddButton screen="ScanResultStatistics" onClick={() => setEditing('new')} testId="reader-add">
              {t('cylinders.ui.addReader')}
            </AddButton>
          </Space>
        }
      />
      {editing ? (
        <ReaderModal
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
        />
      ) : null}
      {secret ? <ReaderSecretModal reader={secret} onClose={() => setSecret(null)} /> : null}
    </div>
  );
}

/** ScanResultStatistics: per reader and day or hour, with a chart; the readers are managed on the second tab. */
export function ScanStatisticsScreen() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'stats', label: t('menu.ScanResultStatistics'), children: <StatisticsPanel /> },
        { key: 'readers', label: <span data-testid="scan-readers-tab">{t('cylinders.ui.readers')}</span>, children: <ReadersPanel /> },
      ]}
    />
  );
}

/** ScanResultSearch: every read, by code, reader, result, movement and date (a statistic row opens here with its filters). */
export function ScanSearchScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : undefined);
  const [filters, setFilters] = useState<{
    keyword?: string;
    readerId?: number;
    storeId?: number;
    result?: ScanResult;
    kind?: MovementKind;
    from?: string;
    to?: string;
  }>(() => ({
    readerId: num('readerId'),
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    result: (params.get('result') as ScanResult | null) ?? undefined,
  }));
  const list = useScanReads(filters);
  const set = (patch: Partial<typeof filters>) => setFilters((f) => ({ ...f, ...patch }));
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const columns: DataTableColumn<ScanReadRow>[] = [
    {
      title: t('cylinders.field.scannedAt'),
      dataIndex: 'readAt',
      render: (v: string) => formatDateTimeSeconds(v),
      exportValue: (r) => formatDateTimeSeconds(r.readAt),
    },
    { title: t('cylinders.field.codes'), dataIndex: 'code' },
    { title: t('cylinders.field.containerNo'), dataIndex: 'containerNo' },
    { title: t('cylinders.field.reader'), dataIndex: 'readerName', render: (v: string | null) => v ?? t('cylinders.ui.noReader') },
    {
      title: t('cylinders.field.kind'),
      dataIndex: 'kind',
      render: (k: MovementKind | null) => (k ? <MovementTag kind={k} /> : t('cylinders.ui.countOnly')),
      exportValue: (r) => (r.kind ? t(`cylinders.movement.${r.kind}`) : t('cylinders.ui.countOnly')),
    },
    {
      title: t('cylinders.field.result'),
      dataIndex: 'result',
      render: (v: ScanResult) => <Tag color={RESULT_COLOURS[v]}>{t(`cylinders.scanResult.${v}`)}</Tag>,
      exportValue: (r) => t(`cylinders.scanResult.${r.result}`),
    },
    {
      title: t('cylinders.field.reason'),
      dataIndex: 'reason',
      render: (v: ScanReadRow['reason']) => (v ? t(`cylinders.problem.${v}`) : ''),
      exportValue: (r) => (r.reason ? t(`cylinders.problem.${r.reason}`) : null),
    },
    { title: t('cylinders.field.newToday'), dataIndex: 'newToday', render: yesNo, exportValue: (r) => yesNo(r.newToday) },
    { title: t('cylinders.field.qualified'), dataIndex: 'qualified', render: yesNo, exportValue: (r) => yesNo(r.qualified) },
    { title: t('cylinders.field.batchId'), dataIndex: 'batchId' },
  ];
  return (
    <div data-testid="scan-search">
      <PagedTable<ScanReadRow>
        list={list}
        fileName="scan-results"
        columns={columns}
        locale={{ emptyText: t('cylinders.ui.emptyScans') }}
        toolbar={
          <CodeListToolbar filters={filters} set={set} searchTestId="scan-search-code">
            <ReaderSelect value={filters.readerId} onChange={(readerId) => set({ readerId })} />
            <VocabularyFilter
              values={SCAN_RESULTS}
              messages="cylinders.scanResult"
              placeholder={t('cylinders.field.result')}
              value={filters.result}
              onChange={(result) => set({ result })}
              testId="scan-filter-result"
            />
          </CodeListToolbar>
        }
      />
    </div>
  );
}
