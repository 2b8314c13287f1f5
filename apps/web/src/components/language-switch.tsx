import { useState } from 'react';
import { Button, Popover } from 'antd';
import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, LOCALES, isLocale, DEFAULT_LOCALE } from '@gasops/shared';
import { changeLocale } from '../app/i18n';

/**
 * The five languages, each named in its own language so anyone can find theirs. A popover of buttons
 * rather than a Dropdown menu: every page (the login page too) shows this switch, and antd's Menu would
 * add ~20 KB gzip to the shell that every page loads (issue 16).
 */
export function LanguageSwitch({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const active = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const options = (
    <div role="menu" style={{ display: 'flex', flexDirection: 'column', minWidth: 140 }}>
      {LOCALES.map((locale) => (
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
      ))}
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      content={options}
      styles={{ container: { padding: 4 } }}
    >
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
    </Popover>
  );
}
