import { Alert, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createDeviceBody,
  recycleDeviceBody,
  transferDeviceBody,
  type CreatedDevice,
  type DeviceRow,
  type DeviceSecret,
} from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { useCreateDevice, useRecycleDevice, useTransferDevice, useTransferTargets } from './hooks';

/** A secret shown once: after adding a device or rotating its secret. */
export type ShownSecret = Pick<DeviceSecret, 'serial' | 'secret'>;

/** The device screen's dialogs: add a device, transfer it to a store, recycle it (loaded with their first opening: device-screen.tsx). */

type TransferForm = { groupId?: number; storeId?: number; transferDate?: string; recycleDate?: string; remark?: string };
type RecycleForm = { recycleDate?: string; remark?: string };

/** Add a device; its secret is shown once after. */
export function AddDeviceModal({ onClose, onCreated }: { onClose: () => void; onCreated: (s: ShownSecret) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ serial: string; remark: string }>();
  const rules = zodRules(createDeviceBody);
  const create = useCreateDevice();
  return (
    <FormModal<{ serial: string; remark: string }, CreatedDevice>
      form={form}
      title={t('iot.actions.add')}
      okTestId="device-form-save"
      errorAlert
      initialValues={{ serial: '', remark: '' }}
      onSubmit={(v) => create.mutateAsync(v)}
      success={(r) => r.detail}
      onDone={(r) => {
        onClose();
        onCreated({ serial: r.device.serial, secret: r.secret });
      }}
      onClose={onClose}
    >
      <TextItem name="serial" label={t('iot.fields.serial')} required rules={rules('serial')} testId="device-form-serial" />
      <TextItem name="remark" label={t('iot.fields.remark')} rules={rules('remark')} testId="device-form-remark" />
    </FormModal>
  );
}

/** Transfer a device to a store of a group. */
export function TransferModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TransferForm>();
  const targets = useTransferTargets();
  const transfer = useTransferDevice(row.id);
  const groupId = Form.useWatch('groupId', form);
  const stores = targets.data?.groups.find((g) => g.id === groupId)?.stores ?? [];
  const rules = zodRules(transferDeviceBody);
  return (
    <FormModal<TransferForm, { detail: string }>
      form={form}
      title={`${t('iot.actions.transfer')} · ${row.serial}`}
      okTestId="transfer-form-save"
      errorAlert
      initialValues={{ groupId: row.groupId ?? undefined, storeId: row.storeId ?? undefined, transferDate: groupTodayIso() }}
      onSubmit={(v) => transfer.mutateAsync(v)}
      success={(r) => r.detail}
      onClose={onClose}
    >
      <Form.Item name="groupId" label={t('iot.fields.group')} required rules={rules('groupId')}>
        <Select
          data-testid="transfer-form-group"
          showSearch={{ optionFilterProp: 'label' }}
          options={(targets.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={() => form.setFieldValue('storeId', undefined)}
        />
      </Form.Item>
      <Form.Item name="storeId" label={t('iot.fields.store')} required rules={rules('storeId')}>
        <Select data-testid="transfer-form-store" options={stores.map((st) => ({ value: st.id, label: st.name }))} />
      </Form.Item>
      <DateItem
        name="transferDate"
        label={t('iot.fields.transferDate')}
        required
        rules={rules('transferDate')}
        testId="transfer-form-date"
      />
      <DateItem name="recycleDate" label={t('iot.fields.recycleDate')} rules={rules('recycleDate')} testId="transfer-form-recycle" />
      <TextItem name="remark" label={t('iot.fields.remark')} />
    </FormModal>
  );
}

/** Take a device back from its store. */
export function RecycleModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecycleForm>();
  const rules = zodRules(recycleDeviceBody);
  const recycle = useRecycleDevice(row.id);
  return (
    <FormModal<RecycleForm, { detail: string }>
      form={form}
      title={`${t('iot.actions.recycle')} · ${row.serial}`}
      okTestId="recycle-form-save"
      errorAlert
      intro={<Alert type="info" showIcon title={t('iot.messages.confirmRecycle')} style={{ marginBottom: 12 }} />}
      initialValues={{ recycleDate: groupTodayIso() }}
      onSubmit={(v) => recycle.mutateAsync(v)}
      success={(r) => r.detail}
      onClose={onClose}
    >
      <DateItem name="recycleDate" label={t('iot.fields.recycleDate')} required rules={rules('recycleDate')} testId="recycle-form-date" />
      <TextItem name="remark" label={t('iot.fields.remark')} />
    </FormModal>
  );
}
