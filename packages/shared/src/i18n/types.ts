import type { Locale } from '../locales.js';

/** A message tree: nested objects whose leaves are strings (i18next interpolation: {{name}}). */
export type Messages = { readonly [key: string]: string | Messages };

/** One namespace of messages, with the same tree in each of the five languages. */
export type Namespace<T extends Messages = Messages> = Record<Locale, T>;

/** Flattens a message tree to dotted keys, for the completeness test and the server's lookup. */
export function flatten(tree: Messages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}
