import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { installDeviceBody, uninstallDeviceBody, type StoreDeviceRow } from '@gasops/shared';
import { groupTodayIso } from '../../app/dates';
import { zodRules } from '../../app/zod-form';
import { FormModal } from '../../components/form-modal';
import { DateItem } from '../../components/date-inputs';
import { useInstallDevice, useIotCustomers, useUninstallDevice } from './hooks';

/** The store device screen's dialogs: install a device at a customer, uninstall it (loaded with their first opening: store-device-screen.tsx). */

type InstallForm = { customerId?: number; installDate?: string; capacityKg?: number; tareKg?: number; remark?: string };

/** Install a device at a customer of its store: the cylinder's capacity and tare. */
export function InstallModal({ row, onClose }: { row: StoreDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InstallForm>();
  const [search, setSearch] = useState<string>();
  const customers = useIotCustomers(row.storeId, search);
  const install = useInstallDevice();
  const rules = zodRules(installDeviceBody);
  return (
    <FormModal<InstallForm, { detail: string }>
      form={form}
      title={`${t('iot.actions.install')} · ${row.serial}`}
      okTestId="install-form-save"
      errorAlert
      intro={
        <Typography.Paragraph type="secondary">
          {row.storeName} · {t('iot.fields.serial')} {row.serial}
        </Typography.Paragraph>
      }
      // deviceId is part of the shared schema; the form carries it so the same zod rules apply.
      initialValues={{ deviceId: row.deviceId, installDate: groupTodayIso(), capacityKg: 20, tareKg: undefined }}
      formTestId="install-form"
      onSubmit={(v) => install.mutateAsync({ ...v, deviceId: row.deviceId })}
      success={(r) => r.detail}
      onClose={onClose}
    >
      <Form.Item name="deviceId" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="customerId" label={t('iot.fields.customer')} required rules={rules('customerId')}>
        <Select
          data-testid="install-form-customer"
          showSearch={{ filterOption: false, onSearch: (v: string) => setSearch(v.trim() || undefined) }}
          loading={customers.isFetching}
          options={(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.address ? `${c.name} · ${c.address}` : c.name }))}
        />
      </Form.Item>
      <DateItem name="installDate" label={t('iot.fields.installDate')} required rules={rules('installDate')} testId="install-form-date" />
      <Space size="middle" style={{ display: 'flex' }}>
        <Form.Item name="capacityKg" label={t('iot.fields.capacityKg')} required rules={rules('capacityKg')}>
          <InputNumber min={0} step={1} style={{ width: 180 }} data-testid="install-form-capacity" />
        </Form.Item>
        <Form.Item name="tareKg" label={t('iot.fields.tareKg')} required rules={rules('tareKg')}>
          <InputNumber min={0} step={0.1} style={{ width: 180 }} data-testid="install-form-tare" />
        </Form.Item>
      </Space>
      <Form.Item name="remark" label={t('iot.fields.remark')}>
        <Input data-testid="install-form-remark" />
      </Form.Item>
    </FormModal>
  );
}

/** Uninstall a device from its customer. */
export function UninstallModal({ row, onClose }: { row: StoreDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ uninstallDate?: string }>();
  const rules = zodRules(uninstallDeviceBody);
  const uninstall = useUninstallDevice(row.storeDeviceId);
  return (
    <FormModal<{ uninstallDate?: string }, { detail: string }>
      form={form}
      title={`${t('iot.actions.uninstall')} · ${row.serial}`}
      okTestId="uninstall-form-save"
      okText={t('common.ok')}
      okDanger
      errorAlert
      intro={
        <Alert
          type="warning"
          showIcon
          title={t('iot.messages.confirmUninstall')}
          description={`${row.customerName ?? ''} · ${row.installDate ?? ''}`}
          style={{ marginBottom: 12 }}
        />
      }
      initialValues={{ uninstallDate: groupTodayIso() }}
      onSubmit={(v) => uninstall.mutateAsync(v)}
      success={(r) => r.detail}
      onClose={onClose}
    >
      <DateItem
        name="uninstallDate"
        label={t('iot.fields.uninstallDate')}
        required
        rules={rules('uninstallDate')}
        testId="uninstall-form-date"
      />
    </FormModal>
  );
}
