import { Button, Dropdown } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALE_LABELS, LOCALES, isLocale, DEFAULT_LOCALE } from '@gasops/shared';
import { changeLocale } from '../app/i18n';

/** The five languages, each named in its own language so anyone can find theirs. */
export function LanguageSwitch({ compact = false, dark = false }: { compact?: boolean; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: LOCALES.map((locale) => ({
          key: locale,
          label: (
            <span data-testid={`language-option-${locale}`} lang={locale}>
              {LOCALE_LABELS[locale]}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button
        type="text"
        data-testid="language-switch"
        aria-label={t('common.language')}
        icon={<GlobalOutlined />}
        style={dark ? { color: 'rgba(255,255,255,0.85)' } : undefined}
      >
        {compact ? null : LOCALE_LABELS[active]}
      </Button>
    </Dropdown>
  );
}
