import { inArray, sql, type SQL } from 'drizzle-orm';
import { phoneDigitVariants } from '@gasops/shared';
import { customers } from './customers.schema.js';

/**
 * Customers with this phone, whichever way it was typed: their phone's digits are one of the number's
 * digit forms (shared phoneDigitVariants: "0912-345 678" = "+886 912 345 678"). Served with the group by
 * migration 0803's index on the same expression.
 */
export function phoneIs(phone: string): SQL {
  return inArray(sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g')`, phoneDigitVariants(phone));
}
