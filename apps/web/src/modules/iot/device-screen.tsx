import { useState } from 'react';
import { Alert, Button, Drawer, Form, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createDeviceBody,
  recycleDeviceBody,
  transferDeviceBody,
  type CreatedDevice,
  type DeviceRow,
  type DeviceSecret,
  type TransferRow,
} from '@gasops/shared';
import { formatDateTime, groupTodayIso } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, SmallTable, type DataTableColumn } from '../../components/data-table';
import { FormModal } from '../../components/form-modal';
import { TextItem } from '../../components/inputs';
import { DateItem } from '../../components/date-inputs';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import {
  useCreateDevice,
  useDevices,
  useDeviceTransfers,
  useRecycleDevice,
  useRotateSecret,
  useTransferDevice,
  useTransferTargets,
} from './hooks';
import { StateFilter, stateColumn } from './device-state';
import { SecretModal } from './secret-modal';

/** A secret shown once: after adding a device or rotating its secret. */
type ShownSecret = Pick<DeviceSecret, 'serial' | 'secret'>;

type Dialog =
  { kind: 'add' } | { kind: 'transfer'; row: DeviceRow } | { kind: 'recycle'; row: DeviceRow } | { kind: 'history'; row: DeviceRow } | null;

/** Device (platform administrator): scale devices, transfer to a store / recycle, transfer record, secrets. */
export function DeviceScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [keyword, setKeyword] = useState<string>();
  const [transferred, setTransferred] = useState<'yes' | 'no'>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const list = useDevices({ keyword, transferred });
  const canEdit = canDo(me, 'Device', 'edit');
  const rotate = useRotateSecret();
  const rotateSecret = (id: number) =>
    rotate.mutateAsync(id).then((r) => {
      showSuccess(r.detail);
      setSecret({ serial: r.serial, secret: r.secret });
    });
  const columns: DataTableColumn<DeviceRow>[] = [
    { title: t('iot.fields.serial'), dataIndex: 'serial' },
    { title: t('iot.fields.group'), dataIndex: 'groupName' },
    { title: t('iot.fields.store'), dataIndex: 'storeName' },
    { title: t('iot.fields.transferDate'), dataIndex: 'transferDate' },
    { title: t('iot.fields.recycleDate'), dataIndex: 'recycleDate' },
    stateColumn(t, 'transferred'),
    stateColumn(t, 'installed'),
    momentColumn(formatDateTime, t('iot.fields.lastSeen'), 'lastSeenAt'),
    { title: t('iot.fields.remark'), dataIndex: 'remark' },
    actionsColumn(t('common.actions'), (r) => (
      <Space size={4} wrap>
        <Button size="small" onClick={() => setDialog({ kind: 'history', row: r })} data-testid={`device-history-${r.serial}`}>
          {t('iot.actions.history')}
        </Button>
        {canEdit ? (
          <>
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'transfer', row: r })}
              disabled={r.installed}
              data-testid={`device-transfer-${r.serial}`}
            >
              {t('iot.actions.transfer')}
            </Button>
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'recycle', row: r })}
              disabled={!r.transferred || r.installed}
              data-testid={`device-recycle-${r.serial}`}
            >
              {t('iot.actions.recycle')}
            </Button>
            <Popconfirm
              title={t('iot.messages.confirmRotate')}
              onConfirm={() => rotateSecret(r.id)}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
            >
              <Button size="small" data-testid={`device-rotate-${r.serial}`}>
                {t('iot.actions.rotateSecret')}
              </Button>
            </Popconfirm>
          </>
        ) : null}
      </Space>
    )),
  ];
  return (
    <>
      <div data-testid="device-table">
        <PagedTable<DeviceRow>
          list={list}
          columns={columns}
          toolbar={
            <>
              <AddButton screen="Device" onClick={() => setDialog({ kind: 'add' })} testId="device-add">
                {t('iot.actions.add')}
              </AddButton>
              <StateFilter state="transferred" value={transferred} onChange={setTransferred} testId="device-transferred-filter" />
              <SearchBox onSearch={setKeyword} width={240} testId="device-search" />
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

type TransferForm = { groupId?: number; storeId?: number; transferDate?: string; recycleDate?: string; remark?: string };
type RecycleForm = { recycleDate?: string; remark?: string };

function AddDeviceModal({ onClose, onCreated }: { onClose: () => void; onCreated: (s: ShownSecret) => void }) {
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

function TransferModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
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

function RecycleModal({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
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

function HistoryDrawer({ row, onClose }: { row: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useDeviceTransfers(row.id);
  return (
    <Drawer open title={`${t('iot.fields.transferRecord')} · ${row.serial}`} onClose={onClose} size="large">
      <SmallTable<TransferRow>
        wrap
        rowKey="id"
        loading={q.isFetching}
        rows={q.data?.items ?? []}
        data-testid="device-history-table"
        columns={[
          {
            title: t('iot.fields.action'),
            dataIndex: 'kind',
            render: (k: TransferRow['kind']) => <Tag color={k === 'transfer' ? 'blue' : 'orange'}>{t(`iot.kinds.${k}`)}</Tag>,
          },
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
