import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDevices, useRotateSecret } from './hooks';
import { StateFilter, stateColumn } from './device-state';
import type { ShownSecret } from './device-dialogs';

const AddDeviceModal = lazyDialog(
  () => import('./device-dialogs'),
  (m) => m.AddDeviceModal,
);
const TransferModal = lazyDialog(
  () => import('./device-dialogs'),
  (m) => m.TransferModal,
);
const RecycleModal = lazyDialog(
  () => import('./device-dialogs'),
  (m) => m.RecycleModal,
);
/** A device's transfer record, a drawer loaded with its first opening . */
const HistoryDrawer = lazyDialog(
  () => import('./device-history'),
  (m) => m.HistoryDrawer,
);
const DeviceSecretModal = lazyDialog(
  () => import('./device-secret-modal'),
  (m) => m.DeviceSecretModal,
);

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
      {secret ? <DeviceSecretModal serial={secret.serial} secret={secret.secret} onClose={() => setSecret(null)} /> : null}
    </>
  );
}
