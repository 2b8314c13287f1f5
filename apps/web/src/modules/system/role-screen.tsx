import { useState } from 'react';
import { Button, Tag } from 'antd';
import { SafetyOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuSetting, RoleRow } from '@gasops/shared';
import { formatDateTimeSeconds } from '../../app/dates';
import { lazyDialog } from '../../app/lazy';
import { canDo } from '../../app/permissions';
import { useMe } from '../../app/session';
import { actionsColumn, momentColumn } from '../../components/columns';
import { PagedTable, type DataTableColumn } from '../../components/data-table';
import { AddButton, RowActions } from '../../components/row-actions';
import { SearchBox } from '../../components/search-box';
import { GroupSelect } from '../../components/selects';
import { useDeleteRole, useRoles } from './hooks';

const RoleFormModal = lazyDialog(
  () => import('./role-modal'),
  (m) => m.RoleFormModal,
);
const PermissionDrawer = lazyDialog(
  () => import('./role-permissions-drawer'),
  (m) => m.PermissionDrawer,
);
const PersonnelModal = lazyDialog(
  () => import('./role-personnel-modal'),
  (m) => m.PersonnelModal,
);

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
