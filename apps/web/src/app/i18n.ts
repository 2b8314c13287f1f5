import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, LOCALES, type Locale, type Messages } from '@gasops/shared';
import { FIELD_NAMESPACES, MODULE_GROUPS, type ModuleGroup } from './message-groups';

/*
 * The messages come in chunks of one language (issue 16: a page downloads one language, not five),
 * built from packages/shared's catalogues by apps/web/vite.config.ts: `core` (the shell, errors and
 * the login page, with dayjs's texts) before the first render, `rest` (every screen's namespaces, with
 * antd's texts: the login page loads no antd) when a page that needs it loads (`loadAllMessages`,
 * awaited by the router's lazy layouts, before antd's ConfigProvider shows), `legal` (the legal texts) with the
 * legal pages (`loadLegalMessages`), `field` with /addOrder and /barcode (`loadFieldMessages`), and a namespace of
 * app/message-groups.ts (cylinders, invoices, LINE, system, IoT, reports, finance) with the first chunk that names
 * its keys (`awaitMessages`).
 * The field app (field.html, src/field-main.tsx) starts with `field` instead: the namespaces its
 * screens show, with dayjs's texts but not antd's (it loads no antd, issue 13). Each entry names its
 * first group (`startI18n`); a language switch loads the same groups in the new language first, so
 * no screen ever shows raw keys.
 */
type Group = 'core' | 'rest' | 'legal' | 'field' | ModuleGroup;
type Catalogue = { messages: Record<string, Messages>; antd?: AntdLocale };

const CATALOGUES: Record<Locale, Record<Group, () => Promise<Catalogue>>> = {
  'zh-TW': {
    core: () => import('virtual:gasops-i18n/zh-TW/core'),
    rest: () => import('virtual:gasops-i18n/zh-TW/rest'),
    legal: () => import('virtual:gasops-i18n/zh-TW/legal'),
    field: () => import('virtual:gasops-i18n/zh-TW/field'),
    cylinders: () => import('virtual:gasops-messages/zh-TW/cylinders'),
    invoices: () => import('virtual:gasops-messages/zh-TW/invoices'),
    line: () => import('virtual:gasops-messages/zh-TW/line'),
    system: () => import('virtual:gasops-messages/zh-TW/system'),
    iot: () => import('virtual:gasops-messages/zh-TW/iot'),
    reports: () => import('virtual:gasops-messages/zh-TW/reports'),
    finance: () => import('virtual:gasops-messages/zh-TW/finance'),
    fieldApp: () => import('virtual:gasops-messages/zh-TW/fieldApp'),
  },
  'en-US': {
    core: () => import('virtual:gasops-i18n/en-US/core'),
    rest: () => import('virtual:gasops-i18n/en-US/rest'),
    legal: () => import('virtual:gasops-i18n/en-US/legal'),
    field: () => import('virtual:gasops-i18n/en-US/field'),
    cylinders: () => import('virtual:gasops-messages/en-US/cylinders'),
    invoices: () => import('virtual:gasops-messages/en-US/invoices'),
    line: () => import('virtual:gasops-messages/en-US/line'),
    system: () => import('virtual:gasops-messages/en-US/system'),
    iot: () => import('virtual:gasops-messages/en-US/iot'),
    reports: () => import('virtual:gasops-messages/en-US/reports'),
    finance: () => import('virtual:gasops-messages/en-US/finance'),
    fieldApp: () => import('virtual:gasops-messages/en-US/fieldApp'),
  },
  'zh-CN': {
    core: () => import('virtual:gasops-i18n/zh-CN/core'),
    rest: () => import('virtual:gasops-i18n/zh-CN/rest'),
    legal: () => import('virtual:gasops-i18n/zh-CN/legal'),
    field: () => import('virtual:gasops-i18n/zh-CN/field'),
    cylinders: () => import('virtual:gasops-messages/zh-CN/cylinders'),
    invoices: () => import('virtual:gasops-messages/zh-CN/invoices'),
    line: () => import('virtual:gasops-messages/zh-CN/line'),
    system: () => import('virtual:gasops-messages/zh-CN/system'),
    iot: () => import('virtual:gasops-messages/zh-CN/iot'),
    reports: () => import('virtual:gasops-messages/zh-CN/reports'),
    finance: () => import('virtual:gasops-messages/zh-CN/finance'),
    fieldApp: () => import('virtual:gasops-messages/zh-CN/fieldApp'),
  },
  'ja-JP': {
    core: () => import('virtual:gasops-i18n/ja-JP/core'),
    rest: () => import('virtual:gasops-i18n/ja-JP/rest'),
    legal: () => import('virtual:gasops-i18n/ja-JP/legal'),
    field: () => import('virtual:gasops-i18n/ja-JP/field'),
    cylinders: () => import('virtual:gasops-messages/ja-JP/cylinders'),
    invoices: () => import('virtual:gasops-messages/ja-JP/invoices'),
    line: () => import('virtual:gasops-messages/ja-JP/line'),
    system: () => import('virtual:gasops-messages/ja-JP/system'),
    iot: () => import('virtual:gasops-messages/ja-JP/iot'),
    reports: () => import('virtual:gasops-messages/ja-JP/reports'),
    finance: () => import('virtual:gasops-messages/ja-JP/finance'),
    fieldApp: () => import('virtual:gasops-messages/ja-JP/fieldApp'),
  },
  'ms-MY': {
    core: () => import('virtual:gasops-i18n/ms-MY/core'),
    rest: () => import('virtual:gasops-i18n/ms-MY/rest'),
    legal: () => import('virtual:gasops-i18n/ms-MY/legal'),
    field: () => import('virtual:gasops-i18n/ms-MY/field'),
    cylinders: () => import('virtual:gasops-messages/ms-MY/cylinders'),
    invoices: () => import('virtual:gasops-messages/ms-MY/invoices'),
    line: () => import('virtual:gasops-messages/ms-MY/line'),
    system: () => import('virtual:gasops-messages/ms-MY/system'),
    iot: () => import('virtual:gasops-messages/ms-MY/iot'),
    reports: () => import('virtual:gasops-messages/ms-MY/reports'),
    finance: () => import('virtual:gasops-messages/ms-MY/finance'),
    fieldApp: () => import('virtual:gasops-messages/ms-MY/fieldApp'),
  },
};

const DAYJS_LOCALES: Record<Locale, string> = {
  'zh-TW': 'zh-tw',
  'en-US': 'en',
  'zh-CN': 'zh-cn',
  'ja-JP': 'ja',
  'ms-MY': 'ms-my',
};

/**
 * Where antd's own texts need mending: its Malay pagination has a typo ("Halam seterusnya") and an English label
 * ("Page Size"); its Traditional Chinese page size says 條 where the app counts rows in 筆 ("共 20 筆").
 */
const ANTD_CORRECTIONS: Partial<Record<Locale, (antd: AntdLocale) => AntdLocale>> = {
  'ms-MY': (antd) => ({ ...antd, Pagination: { ...antd.Pagination, next_page: 'Halaman seterusnya', page_size: 'Saiz halaman' } }),
  'zh-TW': (antd) => ({ ...antd, Pagination: { ...antd.Pagination, items_per_page: '筆/頁' } }),
};

/** antd's texts per language, filled as each language's `rest` chunk arrives. */
const antdLocales = new Map<Locale, AntdLocale>();
/** The antd locale for ConfigProvider: the language's own once loaded (always, before it is shown). */
export function antdLocale(locale: Locale): AntdLocale | undefined {
  return antdLocales.get(locale);
}

function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    // Storage can be blocked (private mode, policies); the default language still works.
    return DEFAULT_LOCALE;
  }
}

function applySideEffects(locale: Locale): void {
  dayjs.locale(DAYJS_LOCALES[locale]);
  document.documentElement.lang = locale;
}

/** The groups the pages shown so far needed: a language switch loads these. */
const wanted = new Set<Group>();
const loads = new Map<string, Promise<void>>();

/** Loads one group of one language into i18next (once; a failed load is retried next time). */
function load(locale: Locale, group: Group): Promise<void> {
  const key = `${locale}/${group}`;
  let pending = loads.get(key);
  if (!pending) {
    pending = CATALOGUES[locale][group]().then(
      ({ messages, antd }) => {
        if (antd) antdLocales.set(locale, ANTD_CORRECTIONS[locale]?.(antd) ?? antd);
        i18next.addResourceBundle(locale, 'translation', messages, true, true);
      },
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, pending);
  }
  return pending;
}

const initial = storedLocale();

void i18next.use(initReactI18next).init({
  resources: {},
  // Resources are added per language and group as they load (above), never fetched by i18next.
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  // React escapes output itself; escaping twice would show &amp; in the UI.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // A component rendered before its messages arrived (it should not happen: see above) re-renders.
  react: { bindI18nStore: 'added' },
});

/**
 * Loads the entry's first group of messages (`core`: main.tsx; `field`: field-main.tsx) in the
 * stored language; the entry renders once it resolves.
 */
export function startI18n(first: 'core' | 'field'): Promise<void> {
  wanted.add(first);
  return load(initial, first).then(
    () => applySideEffects(initial),
    // Not loaded (the chunk failed: the routers' vite:preloadError reloads once); the app still starts.
    () => applySideEffects(initial),
  );
}

/** The messages of every screen in the active language: awaited before a page past the login renders. */
export function loadAllMessages(): Promise<void> {
  wanted.add('rest');
  // The dev server's chunks do not wait for their groups (only the build writes that): it loads them all here.
  if (import.meta.env.DEV) {
    MODULE_GROUPS.forEach((group) => wanted.add(group));
    return Promise.all(['rest' as const, ...MODULE_GROUPS].map((group) => load(currentLocale(), group))).then(() => undefined);
  }
  return load(currentLocale(), 'rest');
}

/**
 * The field app's messages (`field`: its screens' namespaces and the public order page's, without antd's texts) in
 * the active language: awaited before /addOrder renders, a page on the field kit that loads no antd (`rest` would
 * bring antd's texts, and with them antd's core).
 */
export function loadFieldMessages(): Promise<void> {
  wanted.add('field');
  return load(currentLocale(), 'field');
}

/**
 * The messages of a module's own namespace (app/message-groups.ts) in the active language: awaited, before it runs,
 * by every chunk of the build whose modules name one of its keys (apps/web/vite.config.ts `gasops:message-groups`
 * writes the call, with `gasops-messages:<group>`, through `globalThis`). A page that started with the field app's
 * messages (`field`) has them already.
 */
function awaitMessages(marked: string[]): Promise<unknown> {
  return Promise.all(
    marked.map((mark) => {
      const group = mark.replace('gasops-messages:', '') as ModuleGroup;
      if (wanted.has('field') && FIELD_NAMESPACES.includes(group)) return load(currentLocale(), 'field');
      wanted.add(group);
      return load(currentLocale(), group);
    }),
  ).catch(() => undefined); // Not loaded (the chunk failed: the routers' vite:preloadError reloads once); the chunk still runs.
}
(globalThis as { __gasopsAwaitMessages?: typeof awaitMessages }).__gasopsAwaitMessages = awaitMessages;

/** The legal texts in the active language: awaited before /PrivacyPolicy and /ServiceTerms render. */
export function loadLegalMessages(): Promise<void> {
  wanted.add('legal');
  return load(currentLocale(), 'legal');
}

export const i18n = i18next;

/** The active locale, always one of the five. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/** Switches the language everywhere (after its messages have loaded) and remembers it for the next start (seed §1). */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((group) => load(locale, group)));
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Not remembered across reloads, but the switch itself still happens.
  }
  applySideEffects(locale);
  await i18next.changeLanguage(locale);
}

/** Translates outside React (API errors, validators). */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18next.t(key, params ?? {});
}
