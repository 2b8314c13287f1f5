import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { App, Button, Space, Tabs, Tag } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { lazyComponent, lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useStoreOptions } from '../stores/hooks';
import { useDeleteUser, useResetPassword, useUsers } from './hooks';

/** The stores tab (a group's stores and their users), loaded when first shown. */
const StoresPanel = lazyComponent(
  () => import('../stores/stores-panel'),
  (m) => m.StoresPanel,
);
const UserFormModal = lazyDialog(
  () => import('./user-modal'),
  (m) => m.UserFormModal,
);

/** UserManagement: accounts of the store group (and, for group-level staff, the group's stores). */
export function UserManagementScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [tab, setTab] = useState('users');
  const [storesGroup, setStoresGroup] = useState<number | null>(me?.groupId ?? null);
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'users', label: t('menu.UserManagement'), children: <UsersPanel /> },
        {
          key: 'stores',
          label: <span data-testid="tab-stores">{t('system.store.myStores')}</span>,
          children: (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {me?.isPlatformAdmin ? <GroupSelect value={storesGroup} onChange={setStoresGroup} allowClear={false} /> : null}
              {storesGroup ? <StoresPanel groupId={storesGroup} screen="UserManagement" /> : null}
            </Space>
          ),
        },
      ]}
    />
  );
}

function UsersPanel() {
  const { t } = useTranslation();
  const me = useMe();
  const { modal } = App.useApp();
  const [keyword, setKeyword] = useState<string>();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const list = useUsers({ keyword, groupId });
  const stores = useStoreOptions(me?.isPlatformAdmin ? groupId : me?.groupId, true);
  const storeName = new Map((stores.data ?? []).map((s) => [s.id, s.name]));

  const remove = useDeleteUser();
  const reset = useResetPassword();

  const resetPassword = (row: UserRow) => {
    modal.confirm({
      title: t('system.user.resetPassword'),
      content: row.email ? t('system.user.resetConfirm', { email: row.email }) : t('system.user.noEmail'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { disabled: !row.email, 'data-testid': 'reset-password-ok' } as ButtonProps,
      onOk: async () => {
        const res = await reset.mutateAsync(row.id);
        showSuccess(res.detail);
        if (res.outboxFile) {
          modal.info({
            title: t('system.user.resetPassword'),
            content: <span data-testid="outbox-note">{t('system.user.outboxNote', { file: res.outboxFile })}</span>,
          });
        }
      },
    });
  };

  const columns: DataTableColumn<UserRow>[] = [
    {
      title: t('system.field.account'),
      dataIndex: 'account',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.isPlatformAdmin ? <Tag color="gold">{t('system.user.platformAdmin')}</Tag> : null}
        </Space>
      ),
      exportValue: (r) => r.account,
    },
    { title: t('system.field.name'), dataIndex: 'name' },
    { title: t('system.field.email'), dataIndex: 'email' },
    ...(me?.isPlatformAdmin ? [{ title: t('system.field.group'), dataIndex: 'groupName' } as DataTableColumn<UserRow>] : []),
    { title: t('system.field.role'), dataIndex: 'roleName' },
    { title: t('system.field.defaultStore'), dataIndex: 'defaultStoreName' },
    {
      title: t('system.field.storeMode'),
      key: 'stores',
      render: (_, r) =>
        r.allStores ? (
          <Tag color="blue">{t('system.user.allStores')}</Tag>
        ) : (
          r.storeIds.map((id) => <Tag key={id}>{storeName.get(id) ?? id}</Tag>)
        ),
      exportValue: (r) => (r.allStores ? t('system.user.allStores') : r.storeIds.map((id) => storeName.get(id) ?? String(id)).join(', ')),
    },
    {
      title: t('system.field.active'),
      dataIndex: 'active',
      render: (v: boolean) => (v ? <Tag color="green">{t('common.active')}</Tag> : <Tag>{t('common.inactive')}</Tag>),
      exportValue: (r) => (r.active ? t('common.yes') : t('common.no')),
    },
    momentColumn(formatDateTimeSeconds, t('common.createdAt'), 'createdAt'),
    actionsColumn(t('common.actions'), (r) =>
      r.isPlatformAdmin ? null : (
        <RowActions
          screen="UserManagement"
          testId="user"
          canDelete={r.id !== me?.id}
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleteNote={t('system.user.deleteNote')}
          extra={
            canDo(me, 'UserManagement', 'edit') ? (
              <Button size="small" icon={<KeyOutlined />} onClick={() => resetPassword(r)} data-testid="user-reset-password">
                {t('system.user.resetPassword')}
              </Button>
            ) : null
          }
        />
      ),
    ),
  ];

  return (
    <>
      <PagedTable<UserRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="UserManagement" onClick={() => setEditing('new')} testId="user-add">
              {t('system.user.add')}
            </AddButton>
            {me?.isPlatformAdmin ? <GroupSelect value={groupId} onChange={setGroupId} /> : null}
            <SearchBox placeholder={t('system.user.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? <UserFormModal row={editing === 'new' ? null : editing} defaultGroup={groupId} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
