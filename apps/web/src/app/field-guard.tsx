import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenKey } from '@gasops/shared';
import { Button, buttonClass, Spinner } from '../modules/field/ui';
import { useRouteErrorDetail, useScreenAccess } from './screen-access';
import './layouts/field-layout.css';

/*
 * The field app's screen guard and route error (field-router.tsx): the rules of screen-access.ts, which
 * the back office's screen-guard.tsx shows with antd (a screen shows only when the user's menu allows
 * viewing it; a failed session check shows its reason and a retry), on the field kit (issue 13).
 */

/** A centred spinner in the screen's card while the user is not known yet. */
export function CardSpinner() {
  return (
    <div style={{ padding: '48px 0', textAlign: 'center' }}>
      <Spinner />
    </div>
  );
}

function Forbidden({ screen, home }: { screen: ScreenKey; home: string }) {
  const { t } = useTranslation();
  return (
    <div className="fl-result f-screen" data-testid="forbidden" role="alert">
      <div className="fl-result-code" aria-hidden="true">
        403
      </div>
      <h2 className="fl-result-title">{t('common.forbiddenTitle')}</h2>
      <p className="fl-result-sub">{t('common.forbiddenScreen', { screen: t(`menu.${screen}`) })}</p>
      <Link to={home} className={buttonClass({ type: 'primary' })}>
        {t('common.backHome')}
      </Link>
    </div>
  );
}

/** Shows a field screen only when the user's menu allows viewing it. */
export function FieldScreenGuard({ screen, home, children }: { screen: ScreenKey; home: string; children: ReactNode }) {
  const access = useScreenAccess(screen);
  if (access === 'loading') return <CardSpinner />;
  if (access === 'forbidden') return <Forbidden screen={screen} home={home} />;
  return children;
}

/** What the field app shows when its session check failed (server down, 500): the reason and a way to retry. */
export function FieldRouteError() {
  const { t } = useTranslation();
  const detail = useRouteErrorDetail();
  return (
    <div className="fl-root" style={{ paddingTop: 48 }}>
      <div className="fl-result f-screen" data-testid="route-error" role="alert">
        <h2 className="fl-result-title">{t('common.pageError')}</h2>
        <p className="fl-result-sub">{detail}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}
