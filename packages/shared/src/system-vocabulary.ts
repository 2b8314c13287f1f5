/**
 * The system-administration vocabulary (system.ts has the request schemas): no zod here, so a list screen
 * that labels handling-site types or shows an action log's changes loads neither the schemas nor zod (issue 16).
 */

/** The types of a cylinder handling site (filling station, inspection station, or both). */
export const SITE_TYPES = ['filling', 'inspection', 'both'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** One changed field of an action-log entry, for the before/after view. */
export type DiffEntry = { field: string; before: unknown; after: unknown };

/** The fields whose values differ between two logged rows (shallow, JSON equality), in a stable order. */
export function diffValues(before: unknown, after: unknown): DiffEntry[] {
  const obj = (v: unknown): Record<string, unknown> =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}
