import { useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createDeviceBody, recycleDeviceBody, transferDeviceBody } from '@gasops/shared';
import { api } from '../../app/api';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { applyServerErrors, zodRules } from '../../app/zod-form';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useInvalidateIot, usePaged, type DeviceRow, type TransferRow } from './iot-api';
import { DateItem, SecretModal } from './widgets';
import { canDo } from '../../app/permissions';
import { formatDateTime, groupTodayIso } from '../../app/dates';

type Dialog = { kind: 'add' } | { kind: 'transfer'; row: DeviceRow } | { kind: 'recycle'; row: DeviceRow } | { kind: 'history'; row: DeviceRow } | null;

/** Device (platform administrator): scale devices, transfer to a store / recycle, transfer record, secrets. */
export function DeviceScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const invalidate = useInvalidateIot();
  const [keyword, setKeyword] = useState<string>();
  const [transferred, setTransferred] = useState<'yes' | 'no'>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<{ serial: string; secret: string } | null>(null);
  const list = usePaged<DeviceRow>('/iot/devices', { keyword, transferred });
  const canEdit = canDo(me, 'Device', 'edit');
  const rotate = useMutation({
    mutationFn: (id: number) => api.post<{ serial: string; secret: string; detail: string }>(`/iot/devices/${id}/secret`),
    onSuccess: (r) => {
      showSuccess(r.detail);
      setSecret({ serial: r.serial, secret: r.secret });
      void invalidate();
    },
  });
  const columns: DataTableColumn<DeviceRow>[] = [
    { title: t('iot.fields.serial'), dataIndex: 'serial' },
    { title: t('iot.fields.group'), dataIndex: 'groupName' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    { title: t('iot.fields.transferDate'), dataIndex: 'transferDate' },
    { title: t('iot.fields.recycleDate'), dataIndex: 'recycleDate' },
    {
      title: t('iot.fields.transferState'),
      dataIndex: 'transferred',
      render: (v: boolean) => <Tag color={v ? 'blue' : 'default'}>{t(v ? 'iot.fields.transferred' : 'iot.fields.notTransferred')}</Tag>,
      exportValue: (r) => t(r.transferred ? 'iot.fields.transferred' : 'iot.fields.notTransferred'),
    },
    {
      title: t('iot.fields.installState'),
      dataIndex: 'installed',
      render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'iot.fields.installed' : 'iot.fields.notInstalled')}</Tag>,
      exportValue: (r) => t(r.installed ? 'iot.fields.installed' : 'iot.fields.notInstalled'),
    },
    { title: t('iot.fields.lastSeen'), dataIndex: 'lastSeenAt', render: formatDateTime, exportValue: (r) => formatDateTime(r.lastSeenAt) },
    { title: t('iot.fields.remark'), dataIndex: 'remark' },
    {
      title: t('common.actions'),
      key: 'actions',
      noExport: true,
      render: (_, r) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setDialog({ kind: 'history', row: r })} data-testid={`device-history-${r.serial}`}>
            {t('iot.actions.history')}
          </Button>
          {canEdit ? (
            <>
              <Button size="small" onClick={() => setDialog({ kind: 'transfer', row: r })} disabled={r.installed} data-testid={`device-transfer-${r.serial}`}>
                {t('iot.actions.transfer')}
              </Button>
              <Button size="small" onClick={() => setDialog({ kind: 'recycle', row: r })} disabled={!r.transferred || r.installed} data-testid={`device-recycle-${r.serial}`}>
                {t('iot.actions.recycle')}
              </Button>
              <Popconfirm title={t('iot.messages.confirmRotate')} onConfirm={() => rotate.mutateAsync(r.id)} okText={t('common.ok')} cancelText={t('common.cancel')}>
                <Button size="small" data-testid={`device-rotate-${r.serial}`}>
                  {t('iot.actions.rotateSecret')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div data-testid="device-table">
      <DataTable<DeviceRow>
        rowKey="id"
        loading={list.loading}
        columns={columns}
        dataSource={list.rows}
        paging={list.paging}
        exportable={{ fetchRows: list.fetchAll }}
        toolbar={
          <>
            {canDo(me, 'Device', 'create') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })} data-testid="device-add">
                {t('iot.actions.add')}
              </Button>
            ) : null}
            <Select
              allowClear
              style={{ minWidth: 150 }}
              placeholder={t('iot.fields.transferState')}
              value={transferred}
              onChange={(v) => {
                setTransferred(v);
                list.resetPage();
              }}
              options={[
                { value: 'yes', label: t('iot.fields.transferred') },
                { value: 'no', label: t('iot.fields.notTransferred') },
              ]}
              data-testid="device-transferred-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('common.keyword')}
              onSearch={(v) => {
                setKeyword(v.trim() || undefined);
                list.resetPage();
              }}
              style={{ width: 240 }}
              data-testid="device-search"
            />
          </>
        }
      />
      </div>
      {dialog?.kind === 'add' ? <AddDeviceModal onClose={() => setDialog(null)} onCreated={setSecret} /> : null}
      {dialog?.kind === 'transfer' ? <TransferModal row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'recycle' ? <RecycleModal row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'history' ? <HistoryDrawer row={dialog.row} onClose={() => setDialog(null)} /> : null}
      {secret ? <SecretModal serial={secret.serial} secret={secret.secret} onClose={() => setSecret(null)} /> : null}
    </>
  );
}

function useFormSubmit<V>(form: ReturnType<typeof Form.useForm<V>>[0], send: (v: V) => Promise<{ detail: string }>, onDone: (r: { detail: string }) => void) {
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: async () => send(await form.validateFields()),
    onSuccess: (r) => {
      showSuccess(r.detail);
      onDone(r);
    },
    onError: (e) => {
      if ('errorFields' in (e as object)) return;
      applyServerErrors(form, e);
      setError(e instanceof Error ? e.message : String(e));
    },
  });
  return { error, submit: () => m.mutate(), pending: m.isPending };
}

function AddDeviceModal({ onClose, onCreated }: { onClose: () => void; onCreated: (s: { serial: string; secret: string }) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateIot();
  const [form] = Form.useForm<{ serial: string; remark: string }>();
  const rules = zodRules(createDeviceBody);
  const s = useFormSubmit(
    form,
    (v) => api.post<{ detail: string; secret: string; device: DeviceRow }>('/iot/devices', v, { silent: [400, 409] }),
    (r) => {
      const res = r as unknown as { secret: string; device: DeviceRow };
      void invalidate();
      onClose();
      onCreated({ serial: res.device.serial, secret: res.secret });
    },
  );
  return (
    <Modal open title={t('iot.actions.add')} onCancel={onClose} onOk={s.submit} confirmLoading={s.pending} okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ 'data-testid': 'device-form-save' } as never} destroyOnHidden>
      {s.error ? <Alert type="error" showIcon title={s.error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ serial: '', remark: '' }}>
        <Form.Item name="serial" label={t('iot.fields.serial')} required rules={rules('serial')}>
          <Input data-testid="device-form-serial" />
        </Form.Item>
        <Form.Item name="remark" label={t('iot.fields.remark')} rules={rules('remark')}>
          <Input data-testid="device-form-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Targets = { groups: { id: number; name: string; stores: { id: number; name: string }[] }[] };

function TransferModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateIot();
  const [form] = Form.useForm<{ groupId?: number; storeId?: number; transferDate?: string; recycleDate?: string; remark?: string }>();
  const targets = useQuery({ queryKey: ['iot', 'targets'], queryFn: ({ signal }) => api.get<Targets>('/iot/transfer-targets', { signal }) });
  const groupId = Form.useWatch('groupId', form);
  const stores = targets.data?.groups.find((g) => g.id === groupId)?.stores ?? [];
  const rules = zodRules(transferDeviceBody);
  const s = useFormSubmit(form, (v) => api.post<{ detail: string }>(`/iot/devices/${row.id}/transfer`, v, { silent: [400, 409] }), () => {
    void invalidate();
    onClose();
  });
  return (
    <Modal open title={`${t('iot.actions.transfer')} · ${row.serial}`} onCancel={onClose} onOk={s.submit} confirmLoading={s.pending} okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ 'data-testid': 'transfer-form-save' } as never} destroyOnHidden>
      {s.error ? <Alert type="error" showIcon title={s.error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ groupId: row.groupId ?? undefined, storeId: row.storeId ?? undefined, transferDate: groupTodayIso() }}>
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
        <DateItem name="transferDate" label={t('iot.fields.transferDate')} required rules={rules('transferDate')} testId="transfer-form-date" />
        <DateItem name="recycleDate" label={t('iot.fields.recycleDate')} rules={rules('recycleDate')} testId="transfer-form-recycle" />
        <Form.Item name="remark" label={t('iot.fields.remark')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RecycleModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateIot();
  const [form] = Form.useForm<{ recycleDate?: string; remark?: string }>();
  const rules = zodRules(recycleDeviceBody);
  const s = useFormSubmit(form, (v) => api.post<{ detail: string }>(`/iot/devices/${row.id}/recycle`, v, { silent: [400, 409] }), () => {
    void invalidate();
    onClose();
  });
  return (
    <Modal open title={`${t('iot.actions.recycle')} · ${row.serial}`} onCancel={onClose} onOk={s.submit} confirmLoading={s.pending} okText={t('common.save')} cancelText={t('common.cancel')} okButtonProps={{ 'data-testid': 'recycle-form-save' } as never} destroyOnHidden>
      {s.error ? <Alert type="error" showIcon title={s.error} style={{ marginBottom: 12 }} /> : null}
      <Alert type="info" showIcon title={t('iot.messages.confirmRecycle')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" initialValues={{ recycleDate: groupTodayIso() }}>
        <DateItem name="recycleDate" label={t('iot.fields.recycleDate')} required rules={rules('recycleDate')} testId="recycle-form-date" />
        <Form.Item name="remark" label={t('iot.fields.remark')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function HistoryDrawer({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['iot', 'transfers', row.id], queryFn: ({ signal }) => api.get<{ items: TransferRow[] }>(`/iot/devices/${row.id}/transfers`, { signal }) });
  return (
    <Drawer open title={`${t('iot.fields.transferRecord')} · ${row.serial}`} onClose={onClose} size="large">
      <Table<TransferRow>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.items ?? []}
        pagination={false}
        data-testid="device-history-table"
        columns={[
          { title: t('iot.fields.action'), dataIndex: 'kind', render: (k: TransferRow['kind']) => <Tag color={k === 'transfer' ? 'blue' : 'orange'}>{t(`iot.kinds.${k}`)}</Tag> },
          { title: t('iot.fields.date'), dataIndex: 'date' },
          { title: t('iot.fields.group'), dataIndex: 'groupName' },
          { title: t('iot.fields.store'), dataIndex: 'storeName' },
          { title: t('iot.fields.operator'), dataIndex: 'account' },
          { title: t('iot.fields.remark'), dataIndex: 'remark' },
          { title: t('common.createdAt'), dataIndex: 'at', render: formatDateTime },
        ]}
      />
    </Drawer>
  );
}
