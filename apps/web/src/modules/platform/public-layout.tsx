import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLanguageSwitch } from '../../components/header-menu';
import { LegalLinks } from '../../components/legal-links';
import './public-layout.css';

/**
 * Chrome of the public pages (legal texts, online order, barcode): brand, language, legal links. Plain
 * elements and the field kit's language switch, no antd (issue 16: /addOrder, /barcode and the legal pages load
 * none). Styles: public-layout.css.
 */
export function PublicLayout({ children, maxWidth = 880 }: { children: ReactNode; maxWidth?: number }) {
  const { t } = useTranslation();
  return (
    <div className="fl-root pub-page">
      <header className="pub-header">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {/* On a phone the platform's whole name (up to five lines in Malay beside the language switch) gives way
            to the brand (public-layout.css); the page's own title says what it is. */}
        <strong className="pub-brand" title={t('common.appName')}>
          <span className="pub-brand-name">{t('common.appName')}</span>
          <span className="pub-brand-short">{t('common.appShort')}</span>
        </strong>
        <FieldLanguageSwitch showActive className="pub-language" />
      </header>
      <main className="pub-content">
        <div className="pub-panel" style={{ maxWidth }}>
          {children}
        </div>
      </main>
      <footer className="pub-footer">
        <LegalLinks />
      </footer>
    </div>
  );
}
