import { Form, Input, Radio, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { userCreateBody, userUpdateBody, type UserRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { CrudModal, pickFields } from '../../components/form-modal';
import { GroupSelect } from '../../components/selects';
import { useStoreOptions } from '../stores/hooks';
import { useRoleOptions, useSaveUser } from './hooks';

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

/** The add / edit dialog of an account (loaded with its first opening: user-management-screen.tsx). */
export function UserFormModal({ row, defaultGroup, onClose }: { row: UserRow | null; defaultGroup: number | null; onClose: () => void }) {
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
