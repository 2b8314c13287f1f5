import { useState } from 'react';
import { Select, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { switchStore, useDefaultStore, useMe } from '../session';

/** The user's stores; choosing one makes it the default store for every screen (seed §2). */
export function StoreSwitcher({ width = 200 }: { width?: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const current = useDefaultStore();
  const [switching, setSwitching] = useState(false);
  if (!me) return null;
  if (me.stores.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="store-switcher">
        {t('auth.noStore')}
      </Typography.Text>
    );
  }
  const value = current?.storeId ?? me.defaultStoreId ?? undefined;
  return (
    <Select
      data-testid="store-switcher"
      aria-label={t('auth.switchStore')}
      title={t('auth.currentStore')}
      style={{ width }}
      value={value}
      loading={switching}
      disabled={switching}
      placeholder={t('auth.switchStore')}
      prefix={<ShopOutlined />}
      showSearch={{ optionFilterProp: 'label' }}
      options={me.stores.map((s) => ({ value: s.id, label: s.name }))}
      onChange={(storeId: number) => {
        setSwitching(true);
        switchStore(storeId)
          .catch(() => undefined)
          .finally(() => setSwitching(false));
      }}
    />
  );
}
