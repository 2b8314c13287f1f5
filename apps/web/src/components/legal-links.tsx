import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The links to the privacy policy and the terms, under the login panel and in the public pages' footer.
 * Plain elements, no antd: the login page is in the entry every page loads (issue 16). Laid out as antd's
 * `Space` with a separator was (inline, 8 px apart, centred on a line).
 */
export function LegalLinks({ light = false, className }: { light?: boolean; className?: string }) {
  const { t } = useTranslation();
  const style = light ? { color: 'rgba(255,255,255,0.85)' } : undefined;
  return (
    <div className={className} style={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
      <Link to="/PrivacyPolicy" style={style} data-testid="link-privacy">
        {t('common.privacyPolicy')}
      </Link>
      <span style={style} aria-hidden="true">
        ·
      </span>
      <Link to="/ServiceTerms" style={style} data-testid="link-terms">
        {t('common.serviceTerms')}
      </Link>
    </div>
  );
}
