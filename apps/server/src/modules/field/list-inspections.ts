import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CHECK_ITEMS, translate, type InspectionPage, type InspectionRow, type inspectionListQuery } from '@gasops/shared';
import { dayRange, isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import type { Executor } from '../../platform/db.js';
import { listPage, selectMatching } from '../../platform/paging.js';
import { stores, users } from '../../platform/platform.schema.js';
import { likePattern } from '../../platform/search.js';
import { groupScope, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { inspections } from './field.schema.js';

/**
 * Safety inspections recorded on phones (back office, exportable): filters store, customer,
 * inspector, result, date range and a keyword (customer name or address); newest first. Failures show here and
 * on the customer (`customerId`).
 */
export async function listInspections(db: Executor, ctx: Ctx, q: z.output<typeof inspectionListQuery>): Promise<InspectionPage> {
  const where = and(
    groupScope(ctx, inspections.groupId),
    storeFilter(ctx, inspections.storeId, q.storeId),
    q.customerId ? eq(inspections.customerId, q.customerId) : undefined,
    q.inspectorId ? eq(inspections.inspectorId, q.inspectorId) : undefined,
    q.result ? eq(inspections.result, q.result) : undefined,
    dayRange(inspections.inspectionDate, q.from, q.to),
    q.keyword
      ? or(sql`${customers.name} ilike ${likePattern(q.keyword)}`, sql`${customers.address} ilike ${likePattern(q.keyword)}`)
      : undefined,
  );
  const rows = db
    .select({
      i: inspections,
      storeName: stores.name,
      customerName: customers.name,
      customerAddress: customers.address,
      inspectorName: users.name,
    })
    .from(inspections)
    .innerJoin(stores, eq(stores.id, inspections.storeId))
    .innerJoin(customers, eq(customers.id, inspections.customerId))
    .leftJoin(users, eq(users.id, inspections.inspectorId))
    .where(where)
    .orderBy(desc(inspections.inspectionDate), desc(inspections.id))
    .$dynamic();
  const matching = selectMatching(db, inspections).innerJoin(customers, eq(customers.id, inspections.customerId)).where(where);
  const separator = translate(ctx.locale, 'field.office.separator');
  return listPage(db, q, rows, matching, ({ i, ...names }): InspectionRow => ({
    id: i.id,
    storeId: i.storeId,
    storeName: names.storeName,
    customerId: i.customerId,
    customerName: names.customerName,
    customerAddress: names.customerAddress,
    inspectorId: i.inspectorId,
    inspectorName: names.inspectorName,
    inspectionDate: i.inspectionDate,
    inspectedAt: isoNN(i.inspectedAt),
    result: i.result,
    items: Object.fromEntries(
      CHECK_ITEMS.map((k) => [k, { result: i.items[k]?.result ?? 'na', note: i.items[k]?.note ?? null }]),
    ) as InspectionRow['items'],
    failedItems: i.failedItems,
    failedItemsText: i.failedItems.map((k) => translate(ctx.locale, `field.item.${k}`)).join(separator),
    cylinders: i.cylinders,
    nextDueDate: i.nextDueDate,
    hasSignature: i.signaturePath !== null,
    hasPhoto: i.photoPath !== null,
    latitude: i.latitude,
    longitude: i.longitude,
    accuracyM: i.accuracyM,
    remark: i.remark,
  }));
}
