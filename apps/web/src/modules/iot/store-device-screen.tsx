import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { installDeviceBody, uninstallDeviceBody, type StoreDeviceRow } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { kg, useInvalidateIot, usePaged } from './iot-api';
import { DateItem } from './widgets';
import { canDo } from '../../app/permissions';
import { formatDateTime, groupTodayIso } from '../../app/dates';

/** StoreDevice (device install): devices transferred to my stores; install at a customer, uninstall. */
export function StoreDeviceScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [keyword, setKeyword] = useState<string>();
  const [storeId, setStoreId] = useState<number>();
  const [installed, setInstalled] = useState<'yes' | 'no'>();
  const [installing, setInstalling] = useState<StoreDeviceRow | null>(null);
  const [uninstalling, setUninstalling] = useState<StoreDeviceRow | null>(null);
  const list = usePaged<StoreDeviceRow>('/iot/store-devices', { keyword, storeId, installed });
  const columns: DataTableColumn<StoreDeviceRow>[] = [
    { title: t('iot.fields.serial'), dataIndex: 'serial' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    { title: t('iot.fields.customer'), dataIndex: 'customerName' },
    { title: t('iot.fields.address'), dataIndex: 'customerAddress' },
    { title: t('iot.fields.installDate'), dataIndex: 'installDate' },
    { title: t('iot.fields.uninstallDate'), dataIndex: 'uninstallDate' },
    { title: `${t('iot.fields.residualGas')} (kg)`, dataIndex: 'residualGrams', align: 'right', render: (g: number | null) => kg(g, 2), exportValue: (r) => kg(r.residualGrams, 2) },
    { title: `${t('iot.fields.actualUsage')} (kg)`, dataIndex: 'usageGrams', align: 'right', render: (g: number | null) => kg(g, 2), exportValue: (r) => kg(r.usageGrams, 2) },
    {
      title: t('iot.fields.installState'),
      dataIndex: 'installed',
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'iot.fields.installed' : 'iot.fields.notInstalled')}</Tag>,
      exportValue: (r) => t(r.installed ? 'iot.fields.installed' : 'iot.fields.notInstalled'),
    },
    { title: t('iot.fields.lastSeen'), dataIndex: 'lastSeenAt', render: formatDateTime, exportValue: (r) => formatDateTime(r.lastSeenAt) },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) =>
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
    },
  ];
  return (
    <>
      <div data-testid="store-device-table">
      <DataTable<StoreDeviceRow>
        rowKey="deviceId"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        onRow={(r) => ({ 'data-testid': `store-device-row-${r.serial}` }) as never}
        toolbar={
          <>
            <Select
              allowClear
              style={{ minWidth: 180 }}
              placeholder={t('iot.fields.store')}
              value={storeId}
              onChange={(v) => {
                setStoreId(v ?? undefined);
                list.resetPage();
              }}
              options={(me?.stores ?? []).map((s) => ({ value: s.id, label: s.name }))}
              data-testid="store-device-store-filter"
            />
            <Select
              allowClear
              style={{ minWidth: 140 }}
              placeholder={t('iot.fields.installState')}
              value={installed}
              onChange={(v) => {
                setInstalled(v);
                list.resetPage();
              }}
              options={[
                { value: 'yes', label: t('iot.fields.installed') },
                { value: 'no', label: t('iot.fields.notInstalled') },
              ]}
              data-testid="store-device-installed-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('common.keyword')}
              onSearch={(v) => {
                setKeyword(v.trim() || undefined);
                list.resetPage();
              }}
              style={{ width: 240 }}
              data-testid="store-device-search"
            />
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
  const invalidate = useInvalidateIot();
  const [form] = Form.useForm<InstallForm>();
  const [search, setSearch] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const customers = useQuery({
    queryKey: ['iot', 'customers', row.storeId, search],
    queryFn: ({ signal }) =>
      api.get<{ items: { id: number; name: string; address: string | null }[] }>('/iot/customers', { signal, query: { storeId: row.storeId, keyword: search }, loading: false }),
  });
  const rules = zodRules(installDeviceBody);
  const save = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return api.post<{ detail: string }>('/iot/store-devices', { ...v, deviceId: row.deviceId }, { silent: [400, 409] });
    },
    onSuccess: (r) => {
      showSuccess(r.detail);
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  return (
    <Modal
      open
      title={`${t('iot.actions.install')} · ${row.serial}`}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'install-form-save' } as never}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Typography.Paragraph type="secondary">
        {row.storeName} · {t('iot.fields.serial')} {row.serial}
      </Typography.Paragraph>
      {/* deviceId is part of the shared schema; the form carries it so the same zod rules apply. */}
      <Form<InstallForm & { deviceId: number }> form={form as never} layout="vertical" initialValues={{ deviceId: row.deviceId, installDate: groupTodayIso(), capacityKg: 20, tareKg: undefined }} data-testid="install-form">
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
      </Form>
    </Modal>
  );
}

function UninstallModal({ row, onClose }: { row: StoreDeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateIot();
  const [form] = Form.useForm<{ uninstallDate?: string }>();
  const [error, setError] = useState<string | null>(null);
  const rules = zodRules(uninstallDeviceBody);
  const save = useMutation({
    mutationFn: async () => api.post<{ detail: string }>(`/iot/store-devices/${row.storeDeviceId}/uninstall`, await form.validateFields(), { silent: [400, 409] }),
    onSuccess: (r) => {
      showSuccess(r.detail);
      void invalidate();
      onClose();
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  return (
    <Modal
      open
      title={`${t('iot.actions.uninstall')} · ${row.serial}`}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'uninstall-form-save' } as never}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Alert type="warning" showIcon title={t('iot.messages.confirmUninstall')} description={`${row.customerName ?? ''} · ${row.installDate ?? ''}`} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={{ uninstallDate: groupTodayIso() }}>
        <DateItem name="uninstallDate" label={t('iot.fields.uninstallDate')} required rules={rules('uninstallDate')} testId="uninstall-form-date" />
      </Form>
    </Modal>
  );
}
