/**
 * The finance vocabulary (finance.ts has the request schemas): no zod here, so a list screen that labels
 * or filters expense types loads neither the schemas nor zod (issue 16).
 */

/** Miscellaneous expense types of seed §4, in the seed's order. */
export const EXPENSE_TYPES = ['salary', 'bonus', 'commission', 'operating', 'vendor', 'misc'] as const;
export type ExpenseType = (typeof EXPENSE_TYPES)[number];

/** Largest amount accepted in one expense, in minor units (100 million in major units of a 2-decimal currency). */
export const MAX_EXPENSE_AMOUNT = 10_000_000_000;
