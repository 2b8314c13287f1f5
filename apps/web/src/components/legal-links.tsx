import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The links to the privacy policy and the terms, under the login panel and in the public pages' footer.
 * Not in public-layout.tsx: the login page (in the entry every page loads) would carry antd's Layout with it (issue 16).
 */
export function LegalLinks({ light = false }: { light?: boolean }) {
  const { t } = useTranslation();
  const style = light ? { color: 'rgba(255,255,255,0.85)' } : undefined;
  return (
    <Space separator={<span style={style}>·</span>}>
      <Link to="/PrivacyPolicy" style={style} data-testid="link-privacy">
        {t('common.privacyPolicy')}
      </Link>
      <Link to="/ServiceTerms" style={style} data-testid="link-terms">
        {t('common.serviceTerms')}
      </Link>
    </Space>
  );
}
