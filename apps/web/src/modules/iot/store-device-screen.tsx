import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { installDeviceBody, uninstallDeviceBody, type StoreDeviceRow } from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useKg } from '../../components/format';
import { FormModal } from '../../components/form-modal';
import { DateItem } from '../../components/date-inputs';
import { SearchBox } from '../../components/search-box';
import { StateFilter, stateColumn } from './device-state';
import { useInstallDevice, useIotCustomers, useStoreDevices, useUninstallDevice } from './hooks';
import { IotStoreFilter } from './iot-store-filter';

/** StoreDevice (device install): devices transferred to my stores; install at a customer, uninstall. */
export function StoreDeviceScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const kg = useKg();
  const [keyword, setKeyword] = useState<string>();
  const [storeId, setStoreId] = useState<number>();
  const [installed, setInstalled] = useState<'yes' | 'no'>();
  const [installing, setInstalling] = useState<StoreDeviceRow | null>(null);
  const [uninstalling, setUninstalling] = useState<StoreDeviceRow | null>(null);
  const list = useStoreDevices({ keyword, storeId, installed });
  const columns: DataTableColumn<StoreDeviceRow>[] = [
    { title: t('iot.fields.serial'), dataIndex: 'serial' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    { title: t('iot.fields.customer'), dataIndex: 'customerName' },
    { title: t('iot.fields.address'), dataIndex: 'customerAddress' },
    { title: t('iot.fields.installDate'), dataIndex: 'installDate' },
    { title: t('iot.fields.uninstallDate'), dataIndex: 'uninstallDate' },
    {
      title: `${t('iot.fields.residualGas')} (kg)`,
      dataIndex: 'residualGrams',
      align: 'right',
      render: (g: number | null) => kg(g, 2),
      exportValue: (r) => kg(r.residualGrams, 2),
    },
    {
      title: `${t('iot.fields.actualUsage')} (kg)`,
      dataIndex: 'usageGrams',
      align: 'right',
      render: (g: number | null) => kg(g, 2),
      exportValue: (r) => kg(r.usageGrams, 2),
    },
    stateColumn(t, 'installed'),
    momentColumn(formatDateTime, t('iot.fields.lastSeen'), 'lastSeenAt'),
    actionsColumn(t('common.actions'), (r) =>
      r.installed ? (
        canDo(me, 'StoreDevice', 'edit') ? (
          <Button size="small" danger onClick={() => setUninstalling(r)} data-testid={`store-device-uninstall-${r.serial}`}>
            {t('iot.actions.uninstall')}
          </Button>
        ) : null
      ) : canDo(me, 'StoreDevice', 'create') ? (
        <Button size="small" type="primary" onClick={() => setInstalling(r)} data-testid={`store-device-install-${r.serial}`}>
          {t('iot.actions.install')}
        </Button>
      ) : null,
    ),
  ];
  return (
    <>
      <div data-testid="store-device-table">
        <PagedTable<StoreDeviceRow>
          list={list}
          rowKey="deviceId"
          columns={columns}
          onRow={(r) => ({ 'data-testid': `store-device-row-${r.serial}` }) as never}
          toolbar={
            <>
              <IotStoreFilter value={storeId} onChange={setStoreId} testId="store-device-store-filter" />
              <StateFilter state="installed" value={installed} onChange={setInstalled} testId="store-device-installed-filter" />
              <SearchBox onSearch={setKeyword} width={240} testId="store-device-search" />
            </>
          }
        />
      </div>
      {installing ? <InstallModal row={installing} onClose={() => setInstalling(null)} /> : null}
      {uninstalling ? <UninstallModal row={uninstalling} onClose={() => setUninstalling(null)} /> : null}
    </>
  );
}

type InstallForm = { customerId?: number; installDate?: string; capacityKg?: number; tareKg?: number; remark?: string };

function InstallModal({ row, onClose }: { row: StoreDeviceRow; onClose: () => void }) {
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

function UninstallModal({ row, onClose }: { row: StoreDeviceRow; onClose: () => void }) {
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
