import { useState } from 'react';
import { Button } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, LOCALES, isLocale, DEFAULT_LOCALE } from '@gasops/shared';
import { changeLocale } from '../app/i18n';
import { MenuPopover } from './menu-popover';

/** The five languages, each named in its own language so anyone can find theirs (on every page, the login page too). */
export function LanguageSwitch({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const options = LOCALES.map((locale) => (
    <Button
      key={locale}
      type="text"
      role="menuitemradio"
      aria-checked={locale === active}
      data-testid={`language-option-${locale}`}
      lang={locale}
      style={{ justifyContent: 'space-between' }}
      icon={locale === active ? <CheckOutlined /> : <span />}
      iconPlacement="end"
      onClick={() => {
        setOpen(false);
        void changeLocale(locale);
      }}
    >
      {LOCALE_LABELS[locale]}
    </Button>
  ));
  return (
    <MenuPopover open={open} onOpenChange={setOpen} items={options} minWidth={140}>
      <Button
        type="text"
        data-testid="language-switch"
        aria-label={t('common.language')}
        aria-haspopup="menu"
        icon={<GlobalOutlined />}
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {compact ? null : LOCALE_LABELS[active]}
      </Button>
    </MenuPopover>
  );
}
