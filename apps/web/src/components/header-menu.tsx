import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALE_LABELS, LOCALES } from '@gasops/shared';
import { changeLocale } from '../app/i18n';
import { outlineIcon, strokeIcon } from './svg-icon';
import '../app/layouts/field-layout.css';

/**
 * A header's small menus without antd (issue 13: the field app; issue 16: the login pages, in the entry
 * every page loads, and the public pages' layout): the icons, the popup, and the language switch with the same
 * button, items, data-testids and texts as components/language-switch.tsx (antd's, kept for the manager layout). The field app's user menu (app/layouts/field-menus.tsx) is built on `HeaderMenu` too.
 * Styles: app/layouts/field-layout.css (`fl-` classes).
 */

// A globe in a few strokes: antd's GlobalOutlined outline is ~1.3 KB gzip, in the entry every page loads (issue 16).
const GlobalIcon = strokeIcon(
  'Global',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z" />
  </>,
);
export const UserIcon = outlineIcon('User', [
  'M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z',
]);
const CheckIcon = outlineIcon('Check', [
  'M912 190h-69.9c-9.8 0-19.1 4.5-25.1 12.2L404.7 724.5 207 474a32 32 0 00-25.1-12.2H112c-6.7 0-10.4 7.7-6.3 12.9l273.9 347c12.8 16.2 37.4 16.2 50.3 0l488.4-618.9c4.1-5.1.4-12.8-6.3-12.8z',
]);

/** A header button with its menu under it: opened by a click, closed by a choice, Escape or a tap elsewhere. */
export function HeaderMenu({
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

/**
 * The five languages, each named in its own language; the choice is remembered (localStorage `language`).
 * An icon in the field app's header; with `showActive` (the login pages) the active language's name beside it.
 */
export function FieldLanguageSwitch({ showActive = false, className }: { showActive?: boolean; className?: string }) {
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
          className={className ? `fl-hbtn ${className}` : 'fl-hbtn'}
          data-testid="language-switch"
          aria-label={t('common.language')}
          aria-haspopup="menu"
          {...props}
        >
          <GlobalIcon />
          {showActive ? <span lang={active}>{LOCALE_LABELS[active]}</span> : null}
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
