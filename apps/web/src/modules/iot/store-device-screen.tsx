import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreDeviceRow } from '@gasops/shared';
import { formatDateTime } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useKg } from '../../components/format';
import { SearchBox } from '../../components/search-box';
import { StateFilter, stateColumn } from './device-state';
import { useStoreDevices } from './hooks';
import { IotStoreFilter } from './iot-store-filter';

const InstallModal = lazyDialog(
  () => import('./installation-dialogs'),
  (m) => m.InstallModal,
);
const UninstallModal = lazyDialog(
  () => import('./installation-dialogs'),
  (m) => m.UninstallModal,
);

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
