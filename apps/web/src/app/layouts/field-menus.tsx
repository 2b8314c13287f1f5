import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALE_LABELS, LOCALES } from '@gasops/shared';
import { showSuccess } from '../feedback';
import { changeLocale } from '../i18n';
import { logout, useMe } from '../session';
import './field-layout.css';

/**
 * The field app header's two menus (the language switch and the user menu) without antd (issue 13):
 * the same buttons, items, data-testids and texts as components/language-switch.tsx and
 * layouts/user-menu.tsx, with a small popup of our own instead of antd's Popover.
 */

/*
 * The header's icons: the outlines of @ant-design/icons-svg (MIT) that the antd header showed, as plain
 * SVG (no antd, no icon runtime), so the header looks as before. 1em square in the text colour, decorative.
 */
function icon(name: string, paths: string[]) {
  function Icon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

const GlobalIcon = icon('Global', [
  'M854.4 800.9c.2-.3.5-.6.7-.9C920.6 722.1 960 621.7 960 512s-39.4-210.1-104.8-288c-.2-.3-.5-.5-.7-.8-1.1-1.3-2.1-2.5-3.2-3.7-.4-.5-.8-.9-1.2-1.4l-4.1-4.7-.1-.1c-1.5-1.7-3.1-3.4-4.6-5.1l-.1-.1c-3.2-3.4-6.4-6.8-9.7-10.1l-.1-.1-4.8-4.8-.3-.3c-1.5-1.5-3-2.9-4.5-4.3-.5-.5-1-1-1.6-1.5-1-1-2-1.9-3-2.8-.3-.3-.7-.6-1-1C736.4 109.2 629.5 64 512 64s-224.4 45.2-304.3 119.2c-.3.3-.7.6-1 1-1 .9-2 1.9-3 2.9-.5.5-1 1-1.6 1.5-1.5 1.4-3 2.9-4.5 4.3l-.3.3-4.8 4.8-.1.1c-3.3 3.3-6.5 6.7-9.7 10.1l-.1.1c-1.6 1.7-3.1 3.4-4.6 5.1l-.1.1c-1.4 1.5-2.8 3.1-4.1 4.7-.4.5-.8.9-1.2 1.4-1.1 1.2-2.1 2.5-3.2 3.7-.2.3-.5.5-.7.8C103.4 301.9 64 402.3 64 512s39.4 210.1 104.8 288c.2.3.5.6.7.9l3.1 3.7c.4.5.8.9 1.2 1.4l4.1 4.7c0 .1.1.1.1.2 1.5 1.7 3 3.4 4.6 5l.1.1c3.2 3.4 6.4 6.8 9.6 10.1l.1.1c1.6 1.6 3.1 3.2 4.7 4.7l.3.3c3.3 3.3 6.7 6.5 10.1 9.6 80.1 74 187 119.2 304.5 119.2s224.4-45.2 304.3-119.2a300 300 0 0010-9.6l.3-.3c1.6-1.6 3.2-3.1 4.7-4.7l.1-.1c3.3-3.3 6.5-6.7 9.6-10.1l.1-.1c1.5-1.7 3.1-3.3 4.6-5 0-.1.1-.1.1-.2 1.4-1.5 2.8-3.1 4.1-4.7.4-.5.8-.9 1.2-1.4a99 99 0 003.3-3.7zm4.1-142.6c-13.8 32.6-32 62.8-54.2 90.2a444.07 444.07 0 00-81.5-55.9c11.6-46.9 18.8-98.4 20.7-152.6H887c-3 40.9-12.6 80.6-28.5 118.3zM887 484H743.5c-1.9-54.2-9.1-105.7-20.7-152.6 29.3-15.6 56.6-34.4 81.5-55.9A373.86 373.86 0 01887 484zM658.3 165.5c39.7 16.8 75.8 40 107.6 69.2a394.72 394.72 0 01-59.4 41.8c-15.7-45-35.8-84.1-59.2-115.4 3.7 1.4 7.4 2.9 11 4.4zm-90.6 700.6c-9.2 7.2-18.4 12.7-27.7 16.4V697a389.1 389.1 0 01115.7 26.2c-8.3 24.6-17.9 47.3-29 67.8-17.4 32.4-37.8 58.3-59 75.1zm59-633.1c11 20.6 20.7 43.3 29 67.8A389.1 389.1 0 01540 327V141.6c9.2 3.7 18.5 9.1 27.7 16.4 21.2 16.7 41.6 42.6 59 75zM540 640.9V540h147.5c-1.6 44.2-7.1 87.1-16.3 127.8l-.3 1.2A445.02 445.02 0 00540 640.9zm0-156.9V383.1c45.8-2.8 89.8-12.5 130.9-28.1l.3 1.2c9.2 40.7 14.7 83.5 16.3 127.8H540zm-56 56v100.9c-45.8 2.8-89.8 12.5-130.9 28.1l-.3-1.2c-9.2-40.7-14.7-83.5-16.3-127.8H484zm-147.5-56c1.6-44.2 7.1-87.1 16.3-127.8l.3-1.2c41.1 15.6 85 25.3 130.9 28.1V484H336.5zM484 697v185.4c-9.2-3.7-18.5-9.1-27.7-16.4-21.2-16.7-41.7-42.7-59.1-75.1-11-20.6-20.7-43.3-29-67.8 37.2-14.6 75.9-23.3 115.8-26.1zm0-370a389.1 389.1 0 01-115.7-26.2c8.3-24.6 17.9-47.3 29-67.8 17.4-32.4 37.8-58.4 59.1-75.1 9.2-7.2 18.4-12.7 27.7-16.4V327zM365.7 165.5c3.7-1.5 7.3-3 11-4.4-23.4 31.3-43.5 70.4-59.2 115.4-21-12-40.9-26-59.4-41.8 31.8-29.2 67.9-52.4 107.6-69.2zM165.5 365.7c13.8-32.6 32-62.8 54.2-90.2 24.9 21.5 52.2 40.3 81.5 55.9-11.6 46.9-18.8 98.4-20.7 152.6H137c3-40.9 12.6-80.6 28.5-118.3zM137 540h143.5c1.9 54.2 9.1 105.7 20.7 152.6a444.07 444.07 0 00-81.5 55.9A373.86 373.86 0 01137 540zm228.7 318.5c-39.7-16.8-75.8-40-107.6-69.2 18.5-15.8 38.4-29.7 59.4-41.8 15.7 45 35.8 84.1 59.2 115.4-3.7-1.4-7.4-2.9-11-4.4zm292.6 0c-3.7 1.5-7.3 3-11 4.4 23.4-31.3 43.5-70.4 59.2-115.4 21 12 40.9 26 59.4 41.8a373.81 373.81 0 01-107.6 69.2z',
]);
const UserIcon = icon('User', [
  'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
]);
const KeyIcon = icon('Key', [
  'M608 112c-167.9 0-304 136.1-304 304 0 70.3 23.9 135 63.9 186.5L255.8 713.6l-62.3-62.3a8.19 8.19 0 00-11.4 0l-39.8 39.8a8.19 8.19 0 000 11.4l62.3 62.3-44.9 44.9-62.3-62.3a8.19 8.19 0 00-11.4 0l-39.8 39.8a8.19 8.19 0 000 11.4l110.3 111.2c3.1 3.1 8.2 3.1 11.3 0l253.6-253.6A304.1 304.1 0 00608 720c167.9 0 304-136.1 304-304S775.9 112 608 112m161.2 465.2C726.2 620.3 668.9 644 608 644s-118.2-23.7-161.2-66.8C403.7 534.2 380 476.9 380 416s23.7-118.2 66.8-161.2c43-43.1 100.3-66.8 161.2-66.8s118.2 23.7 161.2 66.8c43.1 43 66.8 100.3 66.8 161.2s-23.7 118.2-66.8 161.2',
]);
const LogoutIcon = icon('Logout', [
  'M868 732h-70.3c-4.8 0-9.3 2.1-12.3 5.8-7 8.5-14.5 16.7-22.4 24.5a353.84 353.84 0 01-112.7 75.9A352.8 352.8 0 01512.4 866c-47.9 0-94.3-9.4-137.9-27.8a353.84 353.84 0 01-112.7-75.9 353.28 353.28 0 01-76-112.5C167.3 606.2 158 559.9 158 512s9.4-94.2 27.8-137.8c17.8-42.1 43.4-80 76-112.5s70.5-58.1 112.7-75.9c43.6-18.4 90-27.8 137.9-27.8 47.9 0 94.3 9.3 137.9 27.8 42.2 17.8 80.1 43.4 112.7 75.9 7.9 7.9 15.3 16.1 22.4 24.5 3 3.7 7.6 5.8 12.3 5.8H868c6.3 0 10.2-7 6.7-12.3C798 160.5 663.8 81.6 511.3 82 271.7 82.6 79.6 277.1 82 516.4 84.4 751.9 276.2 942 512.4 942c152.1 0 285.7-78.8 362.3-197.7 3.4-5.3-.4-12.3-6.7-12.3zm88.9-226.3L815 393.7c-5.3-4.2-13-.4-13 6.3v76H488c-4.4 0-8 3.6-8 8v56c0 4.4 3.6 8 8 8h314v76c0 6.7 7.8 10.5 13 6.3l141.9-112a8 8 0 000-12.6z',
]);
const CheckIcon = icon('Check', [
  'M912 190h-69.9c-9.8 0-19.1 4.5-25.1 12.2L404.7 724.5 207 474a32 32 0 00-25.1-12.2H112c-6.7 0-10.4 7.7-6.3 12.9l273.9 347c12.8 16.2 37.4 16.2 50.3 0l488.4-618.9c4.1-5.1.4-12.8-6.3-12.8z',
]);

/** The password form: antd's (its form and Modal), loaded on the click only, never precached (it needs the network anyway). */
const PasswordDialog = lazy(() => import('./field-password'));

/** A header button with its menu under it: opened by a click, closed by a choice, Escape or a tap elsewhere. */
function HeaderMenu({
  open,
  onOpenChange,
  trigger,
  items,
  minWidth,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (given `aria-haspopup`, `aria-expanded` and the click here). */
  trigger: (props: { 'aria-expanded': boolean; onClick: () => void }) => ReactNode;
  items: ReactNode;
  minWidth: number;
}) {
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (anchor.current && !anchor.current.contains(event.target as Node)) onOpenChange(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onOpenChange(false);
      anchor.current?.querySelector<HTMLButtonElement>('button')?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open, onOpenChange]);
  return (
    <span ref={anchor} className="fl-menu-anchor">
      {trigger({ 'aria-expanded': open, onClick: () => onOpenChange(!open) })}
      {open ? (
        <div role="menu" className="fl-menu" style={{ minWidth }}>
          {items}
        </div>
      ) : null}
    </span>
  );
}

/** The five languages, each named in its own language; the choice is remembered (localStorage `language`). */
export function FieldLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <HeaderMenu
      open={open}
      onOpenChange={setOpen}
      minWidth={140}
      trigger={(props) => (
        <button
          type="button"
          className="fl-hbtn"
          data-testid="language-switch"
          aria-label={t('common.language')}
          aria-haspopup="menu"
          {...props}
        >
          <GlobalIcon />
        </button>
      )}
      items={LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          className="fl-item fl-item-between"
          role="menuitemradio"
          aria-checked={locale === active}
          data-testid={`language-option-${locale}`}
          lang={locale}
          onClick={() => {
            setOpen(false);
            void changeLocale(locale);
          }}
        >
          {LOCALE_LABELS[locale]}
          {locale === active ? <CheckIcon /> : <span />}
        </button>
      ))}
    />
  );
}

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
