/**
 * The customer vocabulary (customers.ts has the request schemas): no zod here, so a list screen that labels
 * customer types or category kinds loads neither the schemas nor zod (issue 16).
 */

/** The customer types (the one list: the database CHECK of migration 0200 holds the same values). */
export const CUSTOMER_TYPES = ['residential', 'store', 'monthly_count', 'monthly_meter'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** Customers billed once a month (by order count or by meter). */
export const MONTHLY_TYPES: readonly CustomerType[] = ['monthly_count', 'monthly_meter'];
export const CATEGORY_KINDS = ['customer', 'product'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
