import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locales.js';
import { auth } from './auth.js';
import { common } from './common.js';
import { feedback } from './feedback.js';
import { finance } from './finance.js';
import { reports } from './reports.js';
import { dashboard } from './dashboard.js';
import { iot } from './iot.js';
import { legal } from './legal.js';
import { menu } from './menu.js';
import { params } from './params.js';
import { system } from './system.js';
import { flatten, type Messages, type Namespace } from './types.js';
import { customers } from './customers.js';
import { orders } from './orders.js';
import { cylinders } from './cylinders.js';
import { field } from './field.js';
import { fieldApp } from './field-app.js';
import { invoices } from './invoices.js';
import { line } from './line.js';

export { flatten, type Messages, type Namespace } from './types.js';

/**
 * Every namespace of the product. A module adds its own file here (e.g. `customers.ts`) with all
 * five languages; the completeness test compares each language's keys with zh-TW's.
 */
// One entry per line: modules add theirs without touching anyone else's line.
export const NAMESPACES = {
  common,
  menu,
  auth,
  feedback,
  params,
  legal,
  system,
  finance,
  reports,
  dashboard,
  iot,
  customers,
  orders,
  cylinders,
  field,
  fieldApp,
  invoices,
  line,
} satisfies Record<string, Namespace>;

/** i18next resources: one `translation` tree per locale, namespaces as top-level keys. */
export function buildResources(): Record<Locale, { translation: Record<string, Messages> }> {
  const out = {} as Record<Locale, { translation: Record<string, Messages> }>;
  for (const locale of LOCALES) {
    const tree: Record<string, Messages> = {};
    for (const [name, ns] of Object.entries(NAMESPACES)) tree[name] = (ns as Namespace)[locale];
    out[locale] = { translation: tree };
  }
  return out;
}

const flat = new Map<Locale, Record<string, string>>();
function flatFor(locale: Locale): Record<string, string> {
  let f = flat.get(locale);
  if (!f) {
    f = flatten(buildResources()[locale].translation);
    flat.set(locale, f);
  }
  return f;
}

/**
 * Server-side and test translation with i18next's `{{name}}` interpolation and zh-TW fallback.
 * An unknown key comes back unchanged, which the completeness test catches.
 */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const raw = flatFor(locale)[key] ?? flatFor(DEFAULT_LOCALE)[key] ?? key;
  if (!params) return raw;
  return raw.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? String(params[name]) : ''));
}

export function hasKey(key: string): boolean {
  return key in flatFor(DEFAULT_LOCALE);
}
