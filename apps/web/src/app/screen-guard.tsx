import type { ReactNode } from 'react';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { lazyComponent } from './lazy';
import { useRouteErrorDetail, useScreenAccess } from './screen-access';

/**
 * antd's Result, loaded when shown: its status illustrations are ~10 KB gzip that every guarded
 * page would load for the two rare cases below (issue 16). The field app precaches it (vite.config.ts).
 */
const Result = lazyComponent(
  () => import('antd/es/result'),
  (m) => m.default,
);

function Forbidden({ screen, home }: { screen: ScreenKey; home: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      data-testid="forbidden"
      title={t('common.forbiddenTitle')}
      subTitle={t('common.forbiddenScreen', { screen: t(`menu.${screen}`) })}
      extra={
        <Link to={home}>
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}

/** Shows a screen only when the user's menu allows viewing it; the server enforces the same. */
export function ScreenGuard({ screen, home, children }: { screen: ScreenKey; home: string; children: ReactNode }) {
  const access = useScreenAccess(screen);
  if (access === 'loading') return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (access === 'forbidden') return <Forbidden screen={screen} home={home} />;
  return children;
}

/** What a route shows when its loader failed (server down, 500): the reason and a way to retry. */
export function RouteError() {
  const { t } = useTranslation();
  const detail = useRouteErrorDetail();
  return (
    <Result
      status="error"
      data-testid="route-error"
      title={t('common.pageError')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
