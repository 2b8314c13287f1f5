import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatRetentionMonths } from '../line/chat-retention';
import { PublicLayout } from './public-layout';

const SECTIONS = {
  privacy: ['collect', 'line', 'use', 'share', 'retention', 'security', 'rights', 'cookies', 'changes', 'contact'],
  terms: ['service', 'accounts', 'orders', 'line', 'safety', 'conduct', 'retention', 'liability', 'changes', 'contact'],
} as const;

/** /PrivacyPolicy and /ServiceTerms: public, in the active language (texts in i18n/legal.ts). */
export function LegalPage({ doc }: { doc: keyof typeof SECTIONS }) {
  const { t } = useTranslation();
  const base = `legal.${doc}`;
  const months = useChatRetentionMonths();
  return (
    <PublicLayout>
      <article data-testid={`legal-${doc}`}>
        <Typography.Title level={1} style={{ fontSize: 28 }}>
          {t(`${base}.title`)}
        </Typography.Title>
        <Typography.Paragraph>{t(`${base}.intro`)}</Typography.Paragraph>
        {SECTIONS[doc].map((section, i) => (
          <section key={section} id={section}>
            <Typography.Title level={2} style={{ fontSize: 20, marginTop: 24 }}>
              {i + 1}. {t(`${base}.${section}.title`)}
            </Typography.Title>
            {t(`${base}.${section}.body`, { months })
              .split(/\n\s*\n/)
              .map((paragraph, j) => (
                <Typography.Paragraph key={j}>{paragraph}</Typography.Paragraph>
              ))}
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
