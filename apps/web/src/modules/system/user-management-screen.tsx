import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { App, Button, Form, Input, Radio, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { userCreateBody, userUpdateBody, type UserRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal, pickFields } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useStoreOptions } from '../stores/hooks';
import { StoresPanel } from '../stores/stores-panel';
import { useSaveUser, useDeleteUser, useResetPassword, useRoleOptions, useUsers } from './hooks';

type UserForm = {
  groupId: number | null;
  account: string;
  name: string;
  email: string;
  roleId: number | null;
  defaultStoreId: number | null;
  active: boolean;
  allStores: boolean;
  storeIds: number[];
  password?: string;
  confirmPassword?: string;
};

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

function UserFormModal({ row, defaultGroup, onClose }: { row: UserRow | null; defaultGroup: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<UserForm>();
  const schema = row ? userUpdateBody : userCreateBody;
  const rules = zodRules(schema);
  const initialGroup = row?.groupId ?? (me?.isPlatformAdmin ? defaultGroup : (me?.groupId ?? null));
  const groupId = Form.useWatch('groupId', form) ?? initialGroup;
  const allStores = Form.useWatch('allStores', form) ?? row?.allStores ?? false;
  const chosen = Form.useWatch('storeIds', form) ?? row?.storeIds ?? [];
  const roles = useRoleOptions(groupId);
  const stores = useStoreOptions(groupId);
  const save = useSaveUser();

  const initial: UserForm = row
    ? {
        ...pickFields(row, ['groupId', 'account', 'name', 'roleId', 'defaultStoreId', 'active', 'allStores', 'storeIds']),
        email: row.email ?? '',
      }
    : {
        groupId: initialGroup,
        account: '',
        name: '',
        email: '',
        roleId: null,
        defaultStoreId: null,
        active: true,
        allStores: false,
        storeIds: [],
        password: '',
        confirmPassword: '',
      };

  const storeOptions = (stores.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  const defaultOptions = allStores ? storeOptions : storeOptions.filter((o) => chosen.includes(o.value));

  return (
    <CrudModal<UserForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values, storeIds: values.allStores ? [] : (values.storeIds ?? []) })}
      title={row ? t('system.user.edit') : t('system.user.add')}
      okTestId="user-form-save"
      width={640}
      errorAlert
      initialValues={initial}
      formTestId="user-form"
      onClose={onClose}
    >
      {me?.isPlatformAdmin && !row ? (
        <Form.Item name="groupId" label={t('system.field.group')} required rules={rules('groupId')}>
          <GroupSelect
            value={groupId}
            onChange={(v) => form.setFieldsValue({ groupId: v, roleId: null, storeIds: [], defaultStoreId: null })}
            allowClear={false}
            testId="user-form-group"
          />
        </Form.Item>
      ) : null}
      <Space wrap style={{ width: '100%' }} size={16}>
        <Form.Item name="account" label={t('system.field.account')} required rules={rules('account')} style={{ minWidth: 260 }}>
          <Input data-testid="user-form-account" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('system.field.name')} required rules={rules('name')} style={{ minWidth: 260 }}>
          <Input data-testid="user-form-name" />
        </Form.Item>
      </Space>
      <Form.Item name="email" label={t('system.field.email')} rules={rules('email')}>
        <Input data-testid="user-form-email" type="email" />
      </Form.Item>
      {!row ? (
        <Space wrap style={{ width: '100%' }} size={16}>
          <Form.Item name="password" label={t('system.field.password')} required rules={rules('password')} style={{ minWidth: 260 }}>
            <Input.Password data-testid="user-form-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('system.field.confirmPassword')}
            required
            rules={rules('confirmPassword')}
            dependencies={['password']}
            style={{ minWidth: 260 }}
          >
            <Input.Password data-testid="user-form-confirm" autoComplete="new-password" />
          </Form.Item>
        </Space>
      ) : null}
      <Form.Item name="roleId" label={t('system.field.role')} required rules={rules('roleId')}>
        <Select
          data-testid="user-form-role"
          loading={roles.isLoading}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})`, disabled: !r.editable }))}
        />
      </Form.Item>
      <Form.Item name="allStores" label={t('system.field.storeMode')}>
        <Radio.Group
          data-testid="user-form-store-mode"
          options={[
            { value: true, label: t('system.user.allStores') },
            { value: false, label: t('system.user.chosenStores') },
          ]}
        />
      </Form.Item>
      {!allStores ? (
        <Form.Item name="storeIds" label={t('system.field.stores')} required rules={rules('storeIds')} dependencies={['allStores']}>
          <Select mode="multiple" data-testid="user-form-stores" options={storeOptions} loading={stores.isLoading} />
        </Form.Item>
      ) : null}
      <Form.Item
        name="defaultStoreId"
        label={t('system.field.defaultStore')}
        rules={rules('defaultStoreId')}
        dependencies={['storeIds', 'allStores']}
      >
        <Select allowClear data-testid="user-form-default-store" options={defaultOptions} />
      </Form.Item>
      <Form.Item name="active" label={t('system.field.active')} valuePropName="checked" rules={rules('active')}>
        <Switch data-testid="user-form-active" />
      </Form.Item>
      {row ? (
        <Typography.Text type="secondary">
          {t('common.createdAt')}: {formatDateTimeSeconds(row.createdAt)}
        </Typography.Text>
      ) : null}
    </CrudModal>
  );
}
