import { useState } from 'react';
import { Avatar, Button, Dropdown, Typography } from 'antd';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../feedback';
import { logout, useMe } from '../session';
import { ChangePasswordDialog } from '../../modules/auth/change-password-dialog';

/** Name, password change and logout; `dark` for the field app's coloured header. */
export function UserMenu({ dark = false, showName = true }: { dark?: boolean; showName?: boolean }) {
  const { t } = useTranslation();
  const me = useMe();
  const [changing, setChanging] = useState(false);
  if (!me) return null;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div style={{ lineHeight: 1.4 }}>
                  <Typography.Text strong>{me.name}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {me.account}
                    {me.role ? ` · ${me.role.name}` : ''}
                  </Typography.Text>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'password', icon: <KeyOutlined />, label: <span data-testid="change-password">{t('auth.changePassword')}</span> },
            { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('auth.logout')}</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChanging(true);
            if (key === 'logout') {
              void logout().then(() => showSuccess(t('feedback.success.loggedOut')));
            }
          },
        }}
      >
        <Button type="text" data-testid="user-menu" style={{ paddingInline: 6, color: dark ? '#fff' : undefined }}>
          <Avatar size="small" icon={<UserOutlined />} style={{ background: dark ? 'rgba(255,255,255,0.25)' : '#2f4f6f' }} />
          {showName ? <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{me.name}</span> : null}
        </Button>
      </Dropdown>
      <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
    </>
  );
}
