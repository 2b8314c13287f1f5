import { useState } from 'react';
import { App, Button, Empty, Form, Input, InputNumber, Tag, Typography } from 'antd';
import { SettingOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { invoicePeriodOf, invoiceTrackBody, type InvoiceTrack, type InvoiceTrackBody } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, numberColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { StoreFilter } from '../../components/filters';
import { CrudModal, pickFields } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { StoreItem } from '../../components/selects';
import { useDeleteTrack, useSaveTrack, useTracks } from './hooks';
import { PeriodSelect, usePeriodText } from './parts';
import { InvoiceSettingsDrawer } from './settings-drawer';

type TrackForm = Partial<InvoiceTrackBody>;

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

type TrackSaved = InvoiceTrack & { detail: string; warning?: string };

/** Add or edit a track; a used one keeps everything but its end. The booklet-of-50 warning is shown after saving. */
function TrackModal({ row, defaultStore, onClose }: { row: InvoiceTrack | null; defaultStore?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const { message } = App.useApp();
  const [form] = Form.useForm<TrackForm>();
  const rules = zodRules(invoiceTrackBody);
  const save = useSaveTrack();
  const locked = !!row && row.used > 0;
  const today = invoicePeriodOf(groupTodayIso());
  const initial: TrackForm = row
    ? pickFields(row, ['storeId', 'rocYear', 'period', 'prefix', 'start', 'end'])
    : {
        storeId: defaultStore ?? me?.defaultStoreId ?? undefined,
        rocYear: today.rocYear,
        period: today.period,
        prefix: '',
        start: '',
        end: '',
      };

  return (
    <CrudModal<TrackForm, TrackSaved>
      form={form}
      row={row}
      save={(id, values) => save(id, values)}
      title={row ? t('invoices.ui.editTrack') : t('invoices.ui.addTrack')}
      okTestId="track-save"
      formTestId="track-form"
      initialValues={initial}
      success={(res) => res.detail}
      onDone={(res) => {
        if (res.warning) void message.warning({ content: res.warning, duration: 8, className: 'track-warning' });
        onClose();
      }}
      onClose={onClose}
    >
      <StoreItem label={t('invoices.ui.field.store')} rules={rules('storeId')} data-testid="track-store" disabled={locked} />
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="rocYear" label={t('invoices.ui.field.rocYear')} rules={rules('rocYear')} required style={{ flex: '1 1 120px' }}>
          <InputNumber<number> data-testid="track-year" min={100} max={999} precision={0} disabled={locked} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="period" label={t('invoices.ui.field.period')} rules={rules('period')} required style={{ flex: '1 1 140px' }}>
          <PeriodSelect testId="track-period" disabled={locked} />
        </Form.Item>
        <Form.Item name="prefix" label={t('invoices.ui.field.prefix')} rules={rules('prefix')} required style={{ flex: '1 1 100px' }}>
          <Input
            data-testid="track-prefix"
            maxLength={2}
            disabled={locked}
            onChange={(e) => form.setFieldValue('prefix', e.target.value.toUpperCase())}
          />
        </Form.Item>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        <Form.Item name="start" label={t('invoices.ui.field.start')} rules={rules('start')} required style={{ flex: '1 1 160px' }}>
          <Input data-testid="track-start" maxLength={8} inputMode="numeric" disabled={locked} placeholder="00000000" />
        </Form.Item>
        <Form.Item name="end" label={t('invoices.ui.field.end')} rules={rules('end')} required style={{ flex: '1 1 160px' }}>
          <Input data-testid="track-end" maxLength={8} inputMode="numeric" placeholder="00000049" />
        </Form.Item>
      </div>
    </CrudModal>
  );
}
