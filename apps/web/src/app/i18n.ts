import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-tw';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ja';
import 'dayjs/locale/ms-my';
import type { Locale as AntdLocale } from 'antd/es/locale';
import antdZhTW from 'antd/es/locale/zh_TW';
import antdEnUS from 'antd/es/locale/en_US';
import antdZhCN from 'antd/es/locale/zh_CN';
import antdJaJP from 'antd/es/locale/ja_JP';
import antdMsMY from 'antd/es/locale/ms_MY';
import { buildResources, DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from '@gasops/shared';

export const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  'zh-TW': antdZhTW,
  'en-US': antdEnUS,
  'zh-CN': antdZhCN,
  'ja-JP': antdJaJP,
  'ms-MY': antdMsMY,
};

const DAYJS_LOCALES: Record<Locale, string> = {
  'zh-TW': 'zh-tw',
  'en-US': 'en',
  'zh-CN': 'zh-cn',
  'ja-JP': 'ja',
  'ms-MY': 'ms-my',
};

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

const initial = storedLocale();

void i18next.use(initReactI18next).init({
  resources: buildResources(),
  lng: initial,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...Object.keys(DAYJS_LOCALES)],
  // React escapes output itself; escaping twice would show &amp; in the UI.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applySideEffects(initial);

export const i18n = i18next;

/** The active locale, always one of the five. */
export function currentLocale(): Locale {
  return isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE;
}

/** Switches the language everywhere and remembers it for the next start (seed §1). */
export async function changeLocale(locale: Locale): Promise<void> {
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
