import { useState } from 'react';
import { Button, Tag } from 'antd';
import { EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fromMinorUnits, type ScreenKey, type StoreRow } from '@gasops/shared';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { useMoney } from '../../components/format';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { useDeleteStore, useStores } from './hooks';

const StoreFormModal = lazyDialog(
  () => import('./store-modal'),
  (m) => m.StoreFormModal,
);
const StoreUsersModal = lazyDialog(
  () => import('./store-users-modal'),
  (m) => m.StoreUsersModal,
);

/**
 * The stores of one store group: list (money in the group's currency), add/edit with the location on
 * a map, soft delete, and which staff work in each store. Used by Group (platform administrator) and
 * UserManagement (the group's own managers). `currency`: the group's currency, for a new store's
 * prices (the platform admin has no group of its own).
 */
export function StoresPanel({ groupId, screen, currency }: { groupId: number; screen: ScreenKey; currency?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const [keyword, setKeyword] = useState<string>();
  const [editing, setEditing] = useState<StoreRow | 'new' | null>(null);
  const [staffOf, setStaffOf] = useState<StoreRow | null>(null);
  const list = useStores({ groupId, keyword });
  const remove = useDeleteStore();
  const yesNo = (v: boolean) => (v ? t('common.yes') : t('common.no'));
  const price = (key: 'customerGasPrice' | 'storeGasPrice'): DataTableColumn<StoreRow> => ({
    title: t(`system.field.${key}`),
    dataIndex: key,
    align: 'right',
    render: (v: number, r) => money.format(v, r.currency),
    exportValue: (r) => fromMinorUnits(r[key], r.currency),
  });

  const columns: DataTableColumn<StoreRow>[] = [
    { title: t('system.field.storeName'), dataIndex: 'name' },
    { title: t('system.field.responsiblePerson'), dataIndex: 'responsiblePerson' },
    { title: t('system.field.phone'), dataIndex: 'phone' },
    { title: t('system.field.address'), dataIndex: 'address' },
    { title: t('system.field.unifiedNumber'), dataIndex: 'unifiedNumber' },
    price('customerGasPrice'),
    price('storeGasPrice'),
    { title: t('system.field.issuesInvoice'), dataIndex: 'issuesInvoice', render: yesNo, exportValue: (r) => yesNo(r.issuesInvoice) },
    {
      title: t('system.field.location'),
      key: 'location',
      render: (_, r) =>
        r.latitude !== null ? <Tag icon={<EnvironmentOutlined />}>{`${r.latitude.toFixed(4)}, ${r.longitude!.toFixed(4)}`}</Tag> : null,
      exportValue: (r) => (r.latitude !== null ? `${r.latitude}, ${r.longitude}` : null),
    },
    { title: t('system.field.userCount'), dataIndex: 'userCount', align: 'right' },
    actionsColumn(t('common.actions'), (r) => (
      <RowActions
        screen={screen}
        testId="store"
        onEdit={() => setEditing(r)}
        onDelete={() => remove.mutateAsync(r.id)}
        deleteNote={t('system.store.deleteNote')}
        extra={
          canDo(me, screen, 'edit') ? (
            <Button size="small" icon={<TeamOutlined />} onClick={() => setStaffOf(r)} data-testid="store-users">
              {t('system.store.users')}
            </Button>
          ) : null
        }
      />
    )),
  ];

  return (
    <div data-testid="stores-panel">
      <PagedTable<StoreRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen={screen} onClick={() => setEditing('new')} testId="store-add">
              {t('system.store.add')}
            </AddButton>
            <SearchBox placeholder={t('system.store.searchPlaceholder')} onSearch={setKeyword} testId="store-search" />
          </>
        }
      />
      {editing ? (
        <StoreFormModal
          groupId={groupId}
          groupCurrency={currency}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {staffOf ? <StoreUsersModal store={staffOf} onClose={() => setStaffOf(null)} /> : null}
    </div>
  );
}
