import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Tag, Transfer, Tree, Typography } from 'antd';
import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ACTIONS,
  MENU_GROUPS,
  PLATFORM_ONLY_SCREENS,
  normaliseMenu,
  roleBody,
  type Action,
  type MenuSetting,
  type RoleRow,
  type ScreenKey,
} from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { showSuccess } from '../../app/feedback';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { zodRules } from '../../app/zod-form';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { CrudModal, SaveModal } from '../../components/form-modal';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useBackgroundUsers } from '../stores/hooks';
import { useSaveRole, useDeleteRole, useRole, useRoles, useSetRolePermissions, useSetRoleUsers } from './hooks';

/** Role: name, code, the menu setting as a tree of screens × actions, and the personnel holding it. */
export function RoleScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const [keyword, setKeyword] = useState<string>();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [permsOf, setPermsOf] = useState<RoleRow | null>(null);
  const [peopleOf, setPeopleOf] = useState<RoleRow | null>(null);
  const list = useRoles({ keyword, groupId });
  const remove = useDeleteRole();

  const screensOf = (menu: MenuSetting) => Object.keys(menu).length;
  const columns: DataTableColumn<RoleRow>[] = [
    { title: t('system.field.roleName'), dataIndex: 'name' },
    { title: t('system.field.code'), dataIndex: 'code' },
    ...(me?.isPlatformAdmin ? [{ title: t('system.field.group'), dataIndex: 'groupName' } as DataTableColumn<RoleRow>] : []),
    {
      title: t('system.field.menu'),
      key: 'menu',
      render: (_, r) => <Tag>{screensOf(r.menu)}</Tag>,
      exportValue: (r) =>
        Object.entries(r.menu)
          .map(([s, acts]) => `${t(`menu.${s}`)}(${(acts ?? []).map((a) => t(`system.action.${a}`)).join('/')})`)
          .join('; '),
    },
    { title: t('system.field.userCount'), dataIndex: 'userCount', align: 'right' },
    momentColumn(formatDateTimeSeconds, t('common.updatedAt'), 'updatedAt'),
    actionsColumn(t('common.actions'), (r) =>
      r.editable ? (
        <RowActions
          screen="Role"
          testId="role"
          onEdit={() => setEditing(r)}
          onDelete={() => remove.mutateAsync(r.id)}
          deleted={t('feedback.success.roleDeleted')}
          deleteNote={t('system.role.deleteNote')}
          extra={
            canDo(me, 'Role', 'edit') ? (
              <>
                <Button size="small" icon={<SafetyOutlined />} onClick={() => setPermsOf(r)} data-testid="role-permissions">
                  {t('system.role.permissions')}
                </Button>
                <Button size="small" icon={<TeamOutlined />} onClick={() => setPeopleOf(r)} data-testid="role-personnel">
                  {t('system.role.personnel')}
                </Button>
              </>
            ) : null
          }
        />
      ) : (
        <Tag color="orange">{t('system.role.aboveOwn')}</Tag>
      ),
    ),
  ];

  return (
    <>
      <PagedTable<RoleRow>
        list={list}
        columns={columns}
        toolbar={
          <>
            <AddButton screen="Role" onClick={() => setEditing('new')} testId="role-add">
              {t('system.role.add')}
            </AddButton>
            {me?.isPlatformAdmin ? <GroupSelect value={groupId} onChange={setGroupId} /> : null}
            <SearchBox placeholder={t('system.role.searchPlaceholder')} onSearch={setKeyword} />
          </>
        }
      />
      {editing ? <RoleFormModal row={editing === 'new' ? null : editing} defaultGroup={groupId} onClose={() => setEditing(null)} /> : null}
      {permsOf ? <PermissionDrawer role={permsOf} onClose={() => setPermsOf(null)} /> : null}
      {peopleOf ? <PersonnelModal role={peopleOf} onClose={() => setPeopleOf(null)} /> : null}
    </>
  );
}

type RoleForm = { groupId: number | null; name: string; code: string };

function RoleFormModal({ row, defaultGroup, onClose }: { row: RoleRow | null; defaultGroup: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [form] = Form.useForm<RoleForm>();
  const rules = zodRules(roleBody);
  const save = useSaveRole();
  const initial: RoleForm = {
    groupId: row?.groupId ?? (me?.isPlatformAdmin ? defaultGroup : null),
    name: row?.name ?? '',
    code: row?.code ?? '',
  };
  return (
    <CrudModal<RoleForm>
      form={form}
      row={row}
      save={(id, values) => save(id, { ...initial, ...values })}
      title={row ? t('system.role.edit') : t('system.role.add')}
      okTestId="role-form-save"
      errorAlert
      initialValues={initial}
      formTestId="role-form"
      success={t(row ? 'feedback.success.roleChanged' : 'feedback.success.roleAdded')}
      onClose={onClose}
    >
      {me?.isPlatformAdmin && !row ? (
        <Form.Item name="groupId" label={t('system.field.group')} required rules={rules('groupId')}>
          <GroupSelect
            value={initial.groupId}
            onChange={(v) => form.setFieldsValue({ groupId: v })}
            allowClear={false}
            testId="role-form-group"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="name" label={t('system.field.roleName')} required rules={rules('name')}>
        <Input data-testid="role-form-name" />
      </Form.Item>
      <Form.Item name="code" label={t('system.field.code')} required rules={rules('code')}>
        <Input data-testid="role-form-code" />
      </Form.Item>
    </CrudModal>
  );
}

const leafKey = (screen: ScreenKey, action: Action) => `${screen}:${action}`;

/** The menu setting as a tree: menu group → screen → action; only what the caller holds can be ticked. */
function PermissionDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const [checked, setChecked] = useState<string[]>(() =>
    Object.entries(role.menu).flatMap(([s, acts]) => (acts ?? []).map((a) => leafKey(s as ScreenKey, a))),
  );
  const [error, setError] = useState<string | null>(null);
  const mayGrant = (screen: ScreenKey, action: Action) => !!me && (me.isPlatformAdmin || (me.menu[screen]?.includes(action) ?? false));

  const treeData = useMemo(
    () =>
      MENU_GROUPS.map((g) => ({
        key: `group:${g.key}`,
        title: t(`menu.group.${g.key}`),
        children: g.screens
          .filter((s) => !PLATFORM_ONLY_SCREENS.includes(s))
          .map((s) => ({
            key: `screen:${s}`,
            title: t(`menu.${s}`),
            children: ACTIONS.map((a) => ({
              key: leafKey(s, a),
              title: <span data-testid={`perm-${s}-${a}`}>{t(`system.action.${a}`)}</span>,
              disableCheckbox: !mayGrant(s, a),
            })),
          })),
      })).filter((g) => g.children.length > 0),
    [t, me], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const save = useSetRolePermissions(role.id);
  const submit = () => {
    const menu: Record<string, string[]> = {};
    for (const key of checked) {
      const [screen, action] = key.split(':');
      if (!screen || !action || key.startsWith('group:') || key.startsWith('screen:')) continue;
      (menu[screen] ??= []).push(action);
    }
    save.mutate(normaliseMenu(menu), {
      onSuccess: () => {
        showSuccess(t('feedback.success.permissionSet'));
        onClose();
      },
      onError: (e) => setError(e instanceof Error ? e.message : String(e)),
    });
  };

  return (
    <Drawer
      open
      onClose={onClose}
      size={520}
      title={`${t('system.role.permissions')} — ${role.name}`}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="role-permissions-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('system.role.treeHint')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="role-menu-tree">
        <Tree
          checkable
          selectable={false}
          defaultExpandedKeys={MENU_GROUPS.map((g) => `group:${g.key}`)}
          checkedKeys={checked}
          onCheck={(keys) =>
            setChecked(
              (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith('group:') && !k.startsWith('screen:')),
            )
          }
          treeData={treeData}
        />
      </div>
    </Drawer>
  );
}

/** Personnel: which accounts of the role's group hold it. */
function PersonnelModal({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useRole(role.id);
  const people = useBackgroundUsers(role.groupId);
  const save = useSetRoleUsers(role.id);
  const [target, setTarget] = useState<string[] | null>(null);
  const current = target ?? (detail.data?.userIds ?? []).map(String);
  const submit = () =>
    save.mutate(current.map(Number), {
      onSuccess: () => {
        showSuccess(t('feedback.success.personnelSet'));
        onClose();
      },
    });
  return (
    <SaveModal
      width={720}
      title={`${t('system.role.personnel')} — ${role.name}`}
      okTestId="role-personnel-save"
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('system.role.personnelHint')}</Typography.Paragraph>
      <div data-testid="role-personnel">
        <Transfer
          dataSource={(people.data ?? []).map((u) => ({
            key: String(u.id),
            title: `${u.name} (${u.account})`,
            description: u.roleName ?? '',
          }))}
          targetKeys={current}
          onChange={(keys) => setTarget(keys.map(String))}
          render={(item) => `${item.title}${item.description ? ` · ${item.description}` : ''}`}
          showSearch
          titles={[t('system.field.staff'), role.name]}
          styles={{ section: { width: 300, height: 360 } }}
        />
      </div>
    </SaveModal>
  );
}
