import type { ReactNode } from 'react';
import { Grid, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { LegalLinks } from '../../components/legal-links';
import { COLORS } from '../../app/theme';

/** Chrome of the public pages (legal texts, online order, barcode): brand, language, legal links. */
export function PublicLayout({ children, maxWidth = 880 }: { children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation();
  // On a phone the platform's whole name (up to five lines in Malay beside the language switch) gives way
  // to the brand; the page's own title says what it is.
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header
        style={{
          background: COLORS.primary,
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          paddingInline: 16,
          paddingBlock: 8,
          height: 'auto',
          minHeight: 64,
          lineHeight: 1.3,
        }}
      >
        <img src="/favicon.svg" alt="" width={28} height={28} style={{ background: '#fff', borderRadius: 6, padding: 2 }} />
        <strong title={t('common.appName')} style={{ color: '#fff', fontSize: 18, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {phone ? t('common.appShort') : t('common.appName')}
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
