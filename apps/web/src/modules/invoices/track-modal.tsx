import { App, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { invoicePeriodOf, invoiceTrackBody, type InvoiceTrack, type InvoiceTrackBody } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal, pickFields } from '../../components/form-modal';
import { StoreItem } from '../../components/inputs';
import { useSaveTrack } from './hooks';
import { PeriodSelect } from './parts';

type TrackForm = Partial<InvoiceTrackBody>;
type TrackSaved = InvoiceTrack & { detail: string; warning?: string };

/**
 * Add or edit a track; a used one keeps everything but its end. The booklet-of-50 warning is shown after saving.
 * Loaded with its first opening (track-screen.tsx).
 */
export function TrackModal({ row, defaultStore, onClose }: { row: InvoiceTrack | null; defaultStore?: number; onClose: () => void }) {
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
