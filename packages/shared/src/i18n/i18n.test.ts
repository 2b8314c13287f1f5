import { describe, expect, it } from 'vitest';
import { LOCALES, resolveLocale } from '../locales.js';
import { MENU_GROUPS, SCREENS } from '../menu.js';
import { PARAM_DEFS } from '../params.js';
import { V } from '../validation.js';
import { flatten, hasKey, NAMESPACES, translate, type Namespace } from './index.js';

describe('i18n catalogues', () => {
  it('every namespace has exactly the same keys in all five languages, none empty', () => {
    const problems: string[] = [];
    for (const [name, ns] of Object.entries(NAMESPACES) as [string, Namespace][]) {
      const reference = Object.keys(flatten(ns['zh-TW'])).sort();
      for (const locale of LOCALES) {
        const flat = flatten(ns[locale]);
        const keys = Object.keys(flat).sort();
        for (const k of reference) if (!(k in flat)) problems.push(`${locale} lacks ${name}.${k}`);
        for (const k of keys) if (!reference.includes(k)) problems.push(`${locale} has extra ${name}.${k}`);
        for (const [k, v] of Object.entries(flat)) if (!v.trim()) problems.push(`${locale} ${name}.${k} is empty`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the same interpolation variables in every language', () => {
    const problems: string[] = [];
    const vars = (s: string) =>
      [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const [name, ns] of Object.entries(NAMESPACES) as [string, Namespace][]) {
      const ref = flatten(ns['zh-TW']);
      for (const locale of LOCALES) {
        const flat = flatten(ns[locale]);
        for (const [k, v] of Object.entries(ref))
          if (flat[k] !== undefined && vars(flat[k]!) !== vars(v)) problems.push(`${locale} ${name}.${k}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a title for every screen and menu group, a message for every validation rule and a name for every parameter', () => {
    const missing = [
      ...SCREENS.map((s) => `menu.${s}`),
      ...MENU_GROUPS.map((g) => `menu.group.${g.key}`),
      ...Object.values(V),
      ...PARAM_DEFS.map((p) => `params.${p.code}`),
    ].filter((k) => !hasKey(k));
    expect(missing).toEqual([]);
  });

  it('translates with interpolation and falls back to zh-TW', () => {
    expect(translate('en-US', 'common.total', { total: 12 })).toBe('Total: 12');
    expect(translate('ja-JP', 'feedback.validation.passwordMismatch')).toBe('2つのパスワードが一致しません');
    expect(translate('ms-MY', 'no.such.key')).toBe('no.such.key');
  });

  it('resolves Accept-Language to one of the five locales', () => {
    expect(resolveLocale(undefined)).toBe('zh-TW');
    expect(resolveLocale('en-GB,en;q=0.9')).toBe('en-US');
    expect(resolveLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(resolveLocale('zh-HK')).toBe('zh-TW');
    expect(resolveLocale('ja')).toBe('ja-JP');
    expect(resolveLocale('ms')).toBe('ms-MY');
    expect(resolveLocale('fr-FR, de;q=0.5')).toBe('zh-TW');
    expect(resolveLocale('de;q=0.1, ja-JP;q=0.8')).toBe('ja-JP');
  });

  it('names each customer type in one place only (customers.type), so every screen and report says it the same way', () => {
    const elsewhere: string[] = [];
    for (const [name, ns] of Object.entries(NAMESPACES) as [string, Namespace][])
      for (const key of Object.keys(flatten(ns['en-US'])))
        if (/(^|\.)(residential|monthly_count|monthly_meter)$/.test(key) && `${name}.${key}`.replace(/\.[^.]+$/, '') !== 'customers.type')
          elsewhere.push(`${name}.${key}`);
    expect(elsewhere).toEqual([]);
  });
});
