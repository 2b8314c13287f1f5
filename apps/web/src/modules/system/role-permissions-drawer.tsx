import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Space, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIONS, MENU_GROUPS, PLATFORM_ONLY_SCREENS, normaliseMenu, type Action, type RoleRow, type ScreenKey } from '@gasops/shared';
import { showSuccess } from '../../app/feedback';
import { useMe } from '../../app/session';
import { useSetRolePermissions } from './hooks';

const leafKey = (screen: ScreenKey, action: Action) => `${screen}:${action}`;

/**
 * The menu setting as a tree: menu group → screen → action; only what the caller holds can be ticked
 * (loaded with its first opening: role-screen.tsx).
 */
export function PermissionDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
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
