import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Descriptions, Drawer, Empty, Modal, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import { AimOutlined, LineChartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertRow, NearbyRow, ResidualRow, ResidualSort } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { ReactECharts } from '../../components/chart';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { useKg } from '../../components/format';
import { SearchBox } from '../../components/search-box';
import { AlertTags, PercentBar } from './gas-level-badges';
import { useAlerts, useNearby, useOrderFromAlert, useReadings, useResidualDetail, useResidualGas } from './hooks';
import { IotStoreFilter } from './iot-store-filter';

/** residualGas (Cylinder group): residual gas of every installed device of my stores, alerts, detail and nearby. */
export function ResidualGasScreen() {
  const { t } = useTranslation();
  const kg = useKg();
  const [tab, setTab] = useState<'list' | 'alerts'>('list');
  const [keyword, setKeyword] = useState<string>();
  const [storeId, setStoreId] = useState<number>();
  const [flags, setFlags] = useState<string[]>([]);
  const [sort, setSort] = useState<{ sort: ResidualSort; order: 'asc' | 'desc' }>({ sort: 'percent', order: 'asc' });
  const [detail, setDetail] = useState<ResidualRow | null>(null);
  const [nearby, setNearby] = useState<{ customerId: number; name: string } | null>(null);
  const filters = {
    keyword,
    storeId,
    lowGas: flags.includes('lowGas') ? 'true' : undefined,
    offline: flags.includes('offline') ? 'true' : undefined,
    lowBattery: flags.includes('lowBattery') ? 'true' : undefined,
    ...sort,
  };
  const list = useResidualGas(filters);
  const sorter = (key: ResidualSort) => ({
    sorter: true,
    sortOrder: sort.sort === key ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  const columns: DataTableColumn<ResidualRow>[] = [
    { title: t('iot.fields.serial'), dataIndex: 'serial', key: 'serial', ...sorter('serial') },
    { title: t('iot.fields.customer'), dataIndex: 'customerName', key: 'customer', ...sorter('customer') },
    { title: t('iot.fields.address'), dataIndex: 'customerAddress' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    {
      title: t('iot.fields.latestInventory'),
      dataIndex: 'remainingGrams',
      key: 'remaining',
      align: 'right',
      render: (g: number | null) => kg(g, 2),
      exportValue: (r) => kg(r.remainingGrams, 2),
      ...sorter('remaining'),
    },
    {
      title: t('iot.fields.percent'),
      dataIndex: 'percent',
      key: 'percent',
      render: (p: number | null) => <PercentBar percent={p} />,
      exportValue: (r) => r.percent,
      ...sorter('percent'),
    },
    { title: t('iot.fields.estimatedDays'), dataIndex: 'daysLeft', key: 'daysLeft', align: 'right', ...sorter('daysLeft') },
    { title: t('iot.fields.avgUsageShort'), dataIndex: 'usageLitresPerDay', align: 'right' },
    {
      title: t('iot.fields.battery'),
      dataIndex: 'battery',
      key: 'battery',
      align: 'right',
      render: (b: number | null) => (b === null ? '' : `${b}%`),
      exportValue: (r) => r.battery,
      ...sorter('battery'),
    },
    {
      title: t('iot.fields.transmissionTime'),
      dataIndex: 'lastSeenAt',
      key: 'lastSeen',
      render: (v: string | null, r) => (
        <Space size={4}>
          <Badge status={r.online ? 'success' : 'default'} />
          {formatDateTime(v)}
        </Space>
      ),
      exportValue: (r) => formatDateTime(r.lastSeenAt),
      ...sorter('lastSeen'),
    },
    {
      title: t('iot.fields.status'),
      dataIndex: 'alerts',
      render: (a: string[]) => <AlertTags kinds={a} />,
      exportValue: (r) => r.alerts.map((k) => t(`iot.alert.${k}`)).join(', '),
    },
    actionsColumn(t('common.actions'), (r) => (
      <Space size={4}>
        <Button size="small" icon={<LineChartOutlined />} onClick={() => setDetail(r)} data-testid={`residual-detail-${r.serial}`}>
          {t('iot.actions.detail')}
        </Button>
        <Button
          size="small"
          icon={<AimOutlined />}
          onClick={() => setNearby({ customerId: r.customerId, name: r.customerName })}
          data-testid={`residual-nearby-${r.serial}`}
        >
          {t('iot.actions.nearby')}
        </Button>
      </Space>
    )),
  ];
  return (
    <div data-testid="residual-gas-screen">
      <Segmented
        value={tab}
        onChange={(v) => setTab(v as 'list' | 'alerts')}
        options={[
          { value: 'list', label: t('menu.residualGas') },
          { value: 'alerts', label: t('iot.filters.openAlerts') },
        ]}
        style={{ marginBottom: 12 }}
        data-testid="residual-tabs"
      />
      {tab === 'alerts' ? (
        <AlertsTable storeId={storeId} />
      ) : (
        <div data-testid="residual-table">
          <PagedTable<ResidualRow>
            list={list}
            rowKey="storeDeviceId"
            columns={columns}
            onRow={(r) => ({ 'data-testid': `residual-row-${r.serial}` }) as never}
            onChange={(_p, _f, s) => {
              const one = Array.isArray(s) ? s[0] : s;
              if (one?.order && typeof one.columnKey === 'string')
                setSort({ sort: one.columnKey as ResidualSort, order: one.order === 'ascend' ? 'asc' : 'desc' });
              else if (one && !one.order) setSort({ sort: 'percent', order: 'asc' });
            }}
            toolbar={
              <>
                <IotStoreFilter value={storeId} onChange={setStoreId} testId="residual-store-filter" />
                <Checkbox.Group
                  value={flags}
                  onChange={(v) => setFlags(v as string[])}
                  options={[
                    { value: 'lowGas', label: t('iot.filters.lowGas') },
                    { value: 'offline', label: t('iot.filters.offline') },
                    { value: 'lowBattery', label: t('iot.filters.lowBattery') },
                  ]}
                  data-testid="residual-flags"
                />
                <SearchBox onSearch={setKeyword} width={220} testId="residual-search" />
              </>
            }
          />
        </div>
      )}
      {detail ? (
        <DetailDrawer
          row={detail}
          onClose={() => setDetail(null)}
          onNearby={() => setNearby({ customerId: detail.customerId, name: detail.customerName })}
        />
      ) : null}
      {nearby ? <NearbyModal customerId={nearby.customerId} name={nearby.name} onClose={() => setNearby(null)} /> : null}
    </div>
  );
}

function AlertsTable({ storeId }: { storeId?: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const [status, setStatus] = useState<'open' | 'closed' | 'all'>('open');
  const suggest = useOrderFromAlert();
  const list = useAlerts({ storeId, status });
  const columns: DataTableColumn<AlertRow>[] = [
    {
      title: t('iot.fields.kind'),
      dataIndex: 'kind',
      render: (k: string) => <AlertTags kinds={[k]} />,
      exportValue: (r) => t(`iot.alert.${r.kind}`),
    },
    { title: t('iot.fields.customer'), dataIndex: 'customerName' },
    { title: t('iot.fields.serial'), dataIndex: 'serial' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    momentColumn(formatDateTime, t('iot.fields.openedAt'), 'openedAt'),
    momentColumn(formatDateTime, t('iot.fields.closedAt'), 'closedAt'),
    {
      title: t('iot.fields.order'),
      dataIndex: 'orderId',
      render: (id: number | null, r) =>
        id ? (
          <Tag color="blue">#{id}</Tag>
        ) : r.closedAt === null && canDo(me, 'residualGas', 'create') ? (
          <Popconfirm
            title={t('iot.messages.confirmOrder')}
            onConfirm={() => suggest.mutateAsync(r.id).then((res) => showSuccess(`${t('iot.messages.orderCreated')} #${res.orderId}`))}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
          >
            <Button size="small" type="primary" icon={<ShoppingCartOutlined />} data-testid={`alert-order-${r.id}`}>
              {t('iot.actions.createOrder')}
            </Button>
          </Popconfirm>
        ) : null,
      exportValue: (r) => r.orderId,
    },
  ];
  return (
    <div data-testid="alert-table">
      <PagedTable<AlertRow>
        list={list}
        columns={columns}
        toolbar={
          <Segmented
            value={status}
            onChange={(v) => setStatus(v as typeof status)}
            options={[
              { value: 'open', label: t('iot.filters.openAlerts') },
              { value: 'closed', label: t('iot.filters.closedAlerts') },
              { value: 'all', label: t('iot.filters.all') },
            ]}
          />
        }
      />
    </div>
  );
}

function DetailDrawer({ row, onClose, onNearby }: { row: ResidualRow; onClose: () => void; onNearby: () => void }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(7);
  const kg = useKg();
  const detail = useResidualDetail(row.storeDeviceId);
  const readings = useReadings(row.storeDeviceId, days);
  const d = detail.data;
  const pts = readings.data?.points ?? [];
  const tare = readings.data?.tareGrams ?? row.tareGrams;
  return (
    <Drawer
      open
      onClose={onClose}
      size="large"
      title={`${row.customerName} · ${row.serial}`}
      data-testid="residual-detail"
      extra={
        <Button icon={<AimOutlined />} onClick={onNearby}>
          {t('iot.actions.nearby')}
        </Button>
      }
    >
      {d ? (
        <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('iot.fields.latestInventory')}>{kg(d.remainingGrams, 2)}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.percent')}>
            <PercentBar percent={d.percent} />
          </Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.avgUsage', { days: d.averageDays })}>{d.usageLitresPerDay ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.estimatedDays')}>
            {d.daysLeft === null ? '—' : t('iot.messages.days', { n: d.daysLeft })}
          </Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.battery')}>{d.battery === null ? '—' : `${d.battery}%`}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.signal')}>{d.signal ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.transmissionTime')}>
            <Badge
              status={d.online ? 'success' : 'default'}
              text={`${formatDateTime(d.lastSeenAt)} (${t(d.online ? 'iot.fields.online' : 'iot.filters.offline')})`}
            />
          </Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.status')}>
            <AlertTags kinds={d.alerts} />
          </Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.capacityKg')}>{kg(d.capacityGrams, 1)}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.tareKg')}>{kg(d.tareGrams, 2)}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.installDate')}>{d.installDate}</Descriptions.Item>
          <Descriptions.Item label={t('iot.fields.address')}>{d.customerAddress}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {d ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {t('iot.messages.thresholds', {
            lowGas: d.thresholds.lowGasPercent,
            battery: d.thresholds.lowBatteryPercent,
            offline: d.thresholds.offlineMinutes,
          })}
        </Typography.Paragraph>
      ) : null}
      <Card
        size="small"
        title={t('iot.messages.chartTitle')}
        extra={
          <Segmented
            size="small"
            value={days}
            onChange={(v) => setDays(Number(v))}
            options={[1, 3, 7, 30].map((n) => ({ value: n, label: t('iot.messages.days', { n }) }))}
          />
        }
      >
        {pts.length === 0 ? (
          <Empty description={t('iot.messages.noReading')} />
        ) : (
          <div data-testid="residual-chart">
            <ReactECharts
              style={{ height: 300, width: '100%' }}
              notMerge
              option={{
                color: ['#2f4b7c', '#f0a500'],
                tooltip: { trigger: 'axis' },
                legend: { top: 0, data: [t('iot.fields.remainingKg'), t('iot.fields.battery')] },
                grid: { left: 50, right: 50, top: 40, bottom: 30 },
                xAxis: { type: 'time' },
                yAxis: [
                  { type: 'value', name: 'kg', min: 0 },
                  { type: 'value', name: '%', min: 0, max: 100 },
                ],
                series: [
                  {
                    name: t('iot.fields.remainingKg'),
                    type: 'line',
                    showSymbol: false,
                    areaStyle: { opacity: 0.15 },
                    data: pts.map((p) => [p.ts, Math.max(0, (p.grossGrams - tare) / 1000)]),
                  },
                  {
                    name: t('iot.fields.battery'),
                    type: 'line',
                    yAxisIndex: 1,
                    showSymbol: false,
                    lineStyle: { type: 'dashed' },
                    data: pts.filter((p) => p.battery !== null).map((p) => [p.ts, p.battery]),
                  },
                ],
              }}
            />
          </div>
        )}
      </Card>
    </Drawer>
  );
}

function NearbyModal({ customerId, name, onClose }: { customerId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useNearby();
  const [started, setStarted] = useState(false);
  if (!started) {
    setStarted(true);
    q.mutate(customerId);
  }
  return (
    <Modal open onCancel={onClose} footer={null} width={760} title={`${t('iot.actions.nearby')} · ${name}`} data-testid="nearby-modal">
      {q.data ? (
        <Typography.Paragraph type="secondary">{t('iot.messages.nearbyHint', { radius: q.data.radiusKm })}</Typography.Paragraph>
      ) : null}
      {q.error ? <Typography.Paragraph type="danger">{(q.error as Error).message}</Typography.Paragraph> : null}
      <SmallTable<NearbyRow>
        wrap
        rowKey="storeDeviceId"
        loading={q.isPending}
        rows={q.data?.items ?? []}
        locale={{ emptyText: t('iot.messages.noNearby') }}
        onRow={(r) => ({ 'data-testid': `nearby-row-${r.customerId}` }) as never}
        columns={[
          { title: t('iot.fields.customer'), dataIndex: 'name' },
          { title: t('iot.fields.address'), dataIndex: 'address' },
          { title: t('iot.fields.phone'), dataIndex: 'phone' },
          { title: t('iot.fields.percent'), dataIndex: 'percent', render: (p: number) => <PercentBar percent={p} /> },
          { title: t('iot.fields.distance'), dataIndex: 'distanceKm', align: 'right', render: (d: number) => d.toFixed(2) },
        ]}
      />
    </Modal>
  );
}
