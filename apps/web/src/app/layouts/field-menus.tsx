import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderMenu, UserIcon } from '../../components/header-menu';
import { outlineIcon } from '../../components/svg-icon';
import { showSuccess } from '../feedback';
import { logout, useMe } from '../session';
import './field-layout.css';

/**
 * The field app header's two menus (the language switch and the user menu) without antd (issue 13):
 * the same buttons, items, data-testids and texts as components/language-switch.tsx and
 * layouts/user-menu.tsx, with a small popup of our own instead of antd's Popover (components/header-menu.tsx,
 * where the language switch is: the login pages show it too, without the session this file needs).
 */
export { FieldLanguageSwitch } from '../../components/header-menu';

const KeyIcon = outlineIcon('Key', [
  'M608 112c-167.9 0-304 136.1-304 304 0 70.3 23.9 135 63.9 186.5L255.8 713.6l-62.3-62.3a8.19 8.19 0 00-11.4 0l-39.8 39.8a8.19 8.19 0 000 11.4l62.3 62.3-44.9 44.9-62.3-62.3a8.19 8.19 0 00-11.4 0l-39.8 39.8a8.19 8.19 0 000 11.4l110.3 111.2c3.1 3.1 8.2 3.1 11.3 0l253.6-253.6A304.1 304.1 0 00608 720c167.9 0 304-136.1 304-304S775.9 112 608 112m161.2 465.2C726.2 620.3 668.9 644 608 644s-118.2-23.7-161.2-66.8C403.7 534.2 380 476.9 380 416s23.7-118.2 66.8-161.2c43-43.1 100.3-66.8 161.2-66.8s118.2 23.7 161.2 66.8c43.1 43 66.8 100.3 66.8 161.2s-23.7 118.2-66.8 161.2',
]);
const LogoutIcon = outlineIcon('Logout', [
  'M868 732h-70.3c-4.8 0-9.3 2.1-12.3 5.8-7 8.5-14.5 16.7-22.4 24.5a353.84 353.84 0 01-112.7 75.9A352.8 352.8 0 01512.4 866c-47.9 0-94.3-9.4-137.9-27.8a353.84 353.84 0 01-112.7-75.9 353.28 353.28 0 01-76-112.5C167.3 606.2 158 559.9 158 512s9.4-94.2 27.8-137.8c17.8-42.1 43.4-80 76-112.5s70.5-58.1 112.7-75.9c43.6-18.4 90-27.8 137.9-27.8 47.9 0 94.3 9.3 137.9 27.8 42.2 17.8 80.1 43.4 112.7 75.9 7.9 7.9 15.3 16.1 22.4 24.5 3 3.7 7.6 5.8 12.3 5.8H868c6.3 0 10.2-7 6.7-12.3C798 160.5 663.8 81.6 511.3 82 271.7 82.6 79.6 277.1 82 516.4 84.4 751.9 276.2 942 512.4 942c152.1 0 285.7-78.8 362.3-197.7 3.4-5.3-.4-12.3-6.7-12.3zm88.9-226.3L815 393.7c-5.3-4.2-13-.4-13 6.3v76H488c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h314v76c0 6.7 7.8 10.5 13 6.3l141.9-112a8 8 0 000-12.6z',
]);

/** The password form: antd's (its form and Modal), loaded on the click only, never precached (it needs the network anyway). */
const PasswordDialog = lazy(() => import('./field-password'));

/** The signed-in person, the password change and the logout (to /seekerLogin, the main app's page: a full page load). */
export function FieldUserMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [changing, setChanging] = useState(false);
  if (!me) return null;
  return (
    <>
      <HeaderMenu
        open={open}
        onOpenChange={setOpen}
        minWidth={180}
        trigger={(props) => (
          <button type="button" className="fl-hbtn" data-testid="user-menu" aria-haspopup="menu" aria-label={me.name} {...props}>
            <span className="fl-avatar">
              <UserIcon />
            </span>
          </button>
        )}
        items={
          <>
            <div className="fl-who">
              <strong>{me.name}</strong>
              <br />
              <span className="fl-who-sub">
                <span data-testid="user-menu-account">{me.account}</span>
                {me.role ? ` · ${me.role.name}` : ''}
              </span>
            </div>
            {[
              { id: 'change-password', icon: <KeyIcon />, label: t('auth.changePassword'), run: () => setChanging(true) },
              {
                id: 'logout',
                icon: <LogoutIcon />,
                label: t('auth.logout'),
                danger: true,
                run: () => void logout().then(() => showSuccess(t('feedback.success.loggedOut'), { acrossPageLoad: true })),
              },
            ].map((item) => (
              <button
                key={item.id}
                type="button"
                className={item.danger ? 'fl-item fl-item-danger' : 'fl-item'}
                role="menuitem"
                data-testid={item.id}
                onClick={() => {
                  setOpen(false);
                  item.run();
                }}
              >
                {item.icon}
                {item.label}
              </button>
            ))}
          </>
        }
      />
      {changing ? (
        <Suspense fallback={null}>
          <PasswordDialog onClose={() => setChanging(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
