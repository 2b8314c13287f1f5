import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inspectionStatus, V, type Material, type Suggestions, type suggestionQuery } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { invalidField } from '../../platform/errors.js';
import { storeFilter, storeOf } from '../../platform/tenancy.js';
import { cylinders } from './cylinders.schema.js';
import { inspectionDayOf } from './inspection-day.js';

type Row = {
  id: number;
  container_no: string;
  label_no: string | null;
  size_kg: number;
  material: Material;
  pressure_test_date: string | null;
  next_inspection_deadline: string | null;
  due_date: string | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_address: string | null;
  customer_phone: string | null;
  delivery_person_id: number | null;
  delivery_person_name: string | null;
};

/** At most this many due cylinders are ranked per request (a group's whole backlog stays fast). */
const MAX_DUE = 5000;

/**
 * Inspection suggestions (examinedSuggest): the cylinders at customers that are due or overdue
 * for their periodic inspection, grouped by the delivery person who last delivered to each
 * customer, so they are collected on the next delivery. Ranked by how many each person should
 * collect (overdue first), with the count and the most urgent cylinders.
 */
export async function suggestInspections(db: Executor, ctx: Ctx, q: z.output<typeof suggestionQuery>): Promise<Suggestions> {
  const groupId = q.storeId != null ? (await storeOf(db, ctx, q.storeId)).groupId : ctx.user.groupId;
  // A platform administrator belongs to no group: the suggestions (the group's inspection window) need a store.
  if (groupId === null) throw invalidField('storeId', V.selectStore);
  const scope = storeFilter(ctx, cylinders.storeId, q.storeId);
  const day = await inspectionDayOf(db, groupId);
  const rows = rowsOfResult<Row>(
    await db.execute(sql`
      select cylinders.id, cylinders.container_no, cylinders.label_no, cylinders.size_kg, cylinders.material, cylinders.pressure_test_date::text as pressure_test_date,
             cylinders.next_inspection_deadline::text as next_inspection_deadline, cylinders.due_date::text as due_date,
             cylinders.customer_id, cu.name as customer_name, cu.address as customer_address, cu.phone as customer_phone,
             d.delivery_person_id, u.name as delivery_person_name
      from cylinders
      left join customers cu on cu.id = cylinders.customer_id
      left join lateral (
        select o.delivery_person_id from orders o
        where o.customer_id = cylinders.customer_id and o.delivery_person_id is not null
        order by o.order_date desc, o.id desc limit 1
      ) d on true
      left join users u on u.id = d.delivery_person_id
      where cylinders.group_id = ${groupId} and cylinders.deleted_at is null and cylinders.location_kind = 'customer'
        and ${scope ?? sql`true`}
        and cylinders.due_date <= ${day.today}::date + ${day.dueDays}::int
      order by cylinders.due_date, cylinders.id
      limit ${MAX_DUE}`),
  );
  type Item = Suggestions['items'][number];
  const byPerson = new Map<string, Item>();
  for (const r of rows) {
    const key = String(r.delivery_person_id ?? 'none');
    let item = byPerson.get(key);
    if (!item) {
      item = {
        rank: 0,
        deliveryPersonId: r.delivery_person_id,
        deliveryPersonName: r.delivery_person_name,
        count: 0,
        overdue: 0,
        cylinders: [],
      };
      byPerson.set(key, item);
    }
    const status = inspectionStatus(
      { material: r.material, pressureTestDate: r.pressure_test_date, nextInspectionDeadline: r.next_inspection_deadline },
      day.today,
      day.dueDays,
    );
    item.count++;
    if (status === 'overdue' || status === 'end_of_life') item.overdue++;
    if (item.cylinders.length < q.limit)
      item.cylinders.push({
        id: r.id,
        containerNo: r.container_no,
        labelNo: r.label_no,
        sizeKg: r.size_kg,
        deadline: r.due_date,
        inspectionStatus: status,
        customerId: r.customer_id,
        customerName: r.customer_name,
        customerAddress: r.customer_address,
        customerPhone: r.customer_phone,
      });
  }
  const items = [...byPerson.values()].sort(
    (a, b) =>
      b.overdue - a.overdue || b.count - a.count || (a.deliveryPersonName ?? '\uffff').localeCompare(b.deliveryPersonName ?? '\uffff'),
  );
  items.forEach((it, i) => (it.rank = i + 1));
  return { today: day.today, dueDays: day.dueDays, items };
}
