import { useState } from 'react';
import { Select, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { switchStore, useDefaultStore, useMe } from '../session';
import { setAllStores, useAllStores } from './store-scope';

/** The "All stores" entry of the switcher (not a store id). */
const ALL = -1;

/**
 * The user's stores. Choosing one makes it the default store for every screen (seed §2) and filters
 * lists, reports and the dashboard to it; "All stores" (for users with several) shows every store again.
 */
export function StoreSwitcher({ width = 200 }: { width?: number }) {
  const { t } = useTranslation();
  const me = useMe();
  const current = useDefaultStore();
  const all = useAllStores();
  const [switching, setSwitching] = useState(false);
  if (!me) return null;
  if (me.stores.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="store-switcher">
        {t('auth.noStore')}
      </Typography.Text>
    );
  }
  const several = me.stores.length > 1 && !me.isPlatformAdmin;
  const value = several && all ? ALL : (current?.storeId ?? me.defaultStoreId ?? undefined);
  const options = me.stores.map((s) => ({ value: s.id, label: s.name }));
  // Last, so the stores keep their places; one click from any store.
  if (several) options.push({ value: ALL, label: t('auth.allStores') });
  const run = (work: Promise<unknown>) => {
    setSwitching(true);
    work.catch(() => undefined).finally(() => setSwitching(false));
  };
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
      options={options}
      onChange={(storeId: number) => {
        if (storeId === ALL) return run(setAllStores(true));
        run(
          (async () => {
            if (all) await setAllStores(false);
            await switchStore(storeId);
          })(),
        );
      }}
    />
  );
}
