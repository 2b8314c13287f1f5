/**
 * The reports vocabulary (reports.ts has the request schemas): no zod here, so the report screens, which label and
 * filter by scope, load neither the schemas nor zod (issue 16).
 */

/**
 * Which orders a report counts: `sales` = completed and payment posted (what was actually sold),
 * `open` = placed / not delivered / delivering, `all` = every order except cancelled ones.
 */
export const REPORT_SCOPES = ['sales', 'open', 'all'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
/** Longest period one report covers (days): a year and a bit, so a manager can compare 12 months. */
export const MAX_REPORT_DAYS = 400;
