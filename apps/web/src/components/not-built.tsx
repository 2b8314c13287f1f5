import { Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ScreenKey } from '@gasops/shared';

/** Screens with a title in the `menu` namespace: the seed §2 screens plus the two public pages. */
type TitledScreen = ScreenKey | 'addOrder' | 'barcode';

/**
 * Stands in for a screen whose module is not built yet. It says so plainly and shows no made-up
 * data; the module's author replaces it in src/app/screens.tsx.
 */
export function NotBuilt({ screen }: { screen: TitledScreen }) {
  const { t } = useTranslation();
  return (
    <Result
      data-testid="not-built"
      data-screen={screen}
      icon={<ToolOutlined style={{ color: '#8c9bab' }} />}
      title={t('common.notBuiltTitle')}
      subTitle={t('common.notBuilt', { screen: t(`menu.${screen}`) })}
    />
  );
}
