import { useTranslation } from 'react-i18next';
import { useChatRetentionMonths } from '../line/chat-retention';
import { PublicLayout } from './public-layout';

const SECTIONS = {
  privacy: ['collect', 'line', 'use', 'share', 'retention', 'security', 'rights', 'cookies', 'changes', 'contact'],
  terms: ['service', 'accounts', 'orders', 'line', 'safety', 'conduct', 'retention', 'liability', 'changes', 'contact'],
} as const;

/**
 * /PrivacyPolicy and /ServiceTerms: public, in the active language (texts in i18n/legal.ts). Plain headings and
 * paragraphs in the public layout, no antd (issue 16); their look (antd's titles) in public-layout.css.
 */
export function LegalPage({ doc }: { doc: keyof typeof SECTIONS }) {
  const { t } = useTranslation();
  const base = `legal.${doc}`;
  const months = useChatRetentionMonths();
  return (
    <PublicLayout>
      <article className="pub-legal" data-testid={`legal-${doc}`}>
        <h1>{t(`${base}.title`)}</h1>
        <p>{t(`${base}.intro`)}</p>
        {SECTIONS[doc].map((section, i) => (
          <section key={section} id={section}>
            <h2>
              {i + 1}. {t(`${base}.${section}.title`)}
            </h2>
            {t(`${base}.${section}.body`, { months })
              .split(/\n\s*\n/)
              .map((paragraph, j) => (
                <p key={j}>{paragraph}</p>
              ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
