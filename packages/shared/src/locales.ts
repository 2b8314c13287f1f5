/** The five display languages of the product (seed §1). zh-TW is default and fallback. */
export const LOCALES = ['zh-TW', 'en-US', 'zh-CN', 'ja-JP', 'ms-MY'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-TW';
export const LANGUAGE_STORAGE_KEY = 'language';

export const LOCALE_LABELS: Record<Locale, string> = {
  'zh-TW': '繁體中文',
  'en-US': 'English',
  'zh-CN': '简体中文',
  'ja-JP': '日本語',
  'ms-MY': 'Bahasa Melayu',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the best supported locale from an Accept-Language header or a bare tag.
 * Exact tag first, then the language part (zh-Hant → zh-TW, zh-Hans → zh-CN), else the default.
 */
export function resolveLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const exact = LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    if (tag.startsWith('zh')) {
      if (tag.includes('hans') || tag.endsWith('-cn') || tag.endsWith('-sg')) return 'zh-CN';
      return 'zh-TW';
    }
    const lang = tag.split('-')[0];
    const byLang = LOCALES.find((l) => l.toLowerCase().startsWith(`${lang}-`));
    if (byLang) return byLang;
  }
  return DEFAULT_LOCALE;
}
