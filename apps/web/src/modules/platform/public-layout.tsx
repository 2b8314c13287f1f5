import type { ReactNode } from 'react';
import { Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { COLORS } from '../../app/theme';

/** Chrome of the public pages (legal texts, online order, barcode): brand, language, legal links. */
export function PublicLayout({ children, maxWidth = 880 }: { children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header style={{ background: COLORS.primary, display: 'flex', alignItems: 'center', gap: 12, paddingInline: 16 }}>
        <img src="/favicon.svg" alt="" width={28} height={28} style={{ background: '#fff', borderRadius: 6, padding: 2 }} />
        <strong style={{ color: '#fff', fontSize: 18, flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {t('common.appName')}
        </strong>
        <LanguageSwitch dark />
      </Layout.Header>
      <Layout.Content style={{ padding: '24px 12px' }}>
        <div style={{ maxWidth, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '24px clamp(16px, 4vw, 40px)' }}>
          {children}
        </div>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: 'transparent' }}>
        <LegalLinks />
      </Layout.Footer>
    </Layout>
  );
}

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
