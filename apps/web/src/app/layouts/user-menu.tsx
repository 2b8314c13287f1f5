import { useState } from 'react';
import { Avatar, Button, Spin } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuPopover } from '../../components/menu-popover';
import { showSuccess } from '../feedback';
import { lazyComponent } from '../lazy';
import { logout, useMe } from '../session';

/** Loaded when the user asks to change the password (a form and its schema the field app rarely needs). */
const ChangePasswordDialog = lazyComponent(
  () => import('../../modules/auth/change-password-dialog'),
  (m) => m.ChangePasswordDialog,
  <Spin size="small" />,
);

/** Name, password change and logout; `dark` for the field app's coloured header. */
export function UserMenu({ dark = false, showName = true }: { dark?: boolean; showName?: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  if (!me) return null;
  const content = (
    <>
      <div style={{ lineHeight: 1.4, padding: '4px 15px 8px', borderBottom: '1px solid rgba(5,5,5,0.06)', marginBottom: 4 }}>
        <strong>{me.name}</strong>
        <br />
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>
          <span data-testid="user-menu-account">{me.account}</span>
          {me.role ? ` · ${me.role.name}` : ''}
        </span>
      </div>
      <Button
        type="text"
        role="menuitem"
        icon={<KeyOutlined />}
        style={{ justifyContent: 'flex-start' }}
        data-testid="change-password"
        onClick={() => {
          setOpen(false);
          setChanging(true);
        }}
      >
        {t('auth.changePassword')}
      </Button>
      <Button
        type="text"
        role="menuitem"
        danger
        icon={<LogoutOutlined />}
        style={{ justifyContent: 'flex-start' }}
        data-testid="logout"
        onClick={() => {
          setOpen(false);
          void logout().then(() => showSuccess(t('feedback.success.loggedOut')));
        }}
      >
        {t('auth.logout')}
      </Button>
    </>
  );
  return (
    <>
      <MenuPopover open={open} onOpenChange={setOpen} items={content} minWidth={180}>
        <Button type="text" data-testid="user-menu" aria-haspopup="menu" style={{ paddingInline: 6, color: dark ? '#fff' : undefined }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: dark ? 'rgba(255,255,255,0.25)' : '#2f4f6f' }} />
          {showName ? <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.name}</span> : null}
        </Button>
      </MenuPopover>
      {changing ? <ChangePasswordDialog open onClose={() => setChanging(false)} /> : null}
    </>
  );
}
