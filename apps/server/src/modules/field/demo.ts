import { and, asc, eq } from 'drizzle-orm';
import { gasPriceFor, priceOrder, shiftDate, type CheckItem, type CheckResult } from '@gasops/shared';
import type { DemoSeed } from '../../platform/demo.js';
import { stores } from '../../platform/platform.schema.js';
import { customers } from '../customers/customers.schema.js';
import { cylinders } from '../cylinders/cylinders.schema.js';
import { orders } from '../orders/orders.schema.js';
import { inspections } from './field.schema.js';

const ITEMS: CheckItem[] = ['hose', 'regulator', 'leakTest', 'ventilation', 'placement', 'cylinderInDate'];
const checklist = (failed: Partial<Record<CheckItem, string>> = {}) =>
  Object.fromEntries(ITEMS.map((k) => [k, { result: (k in failed ? 'fail' : 'pass') as CheckResult, note: failed[k] ?? null }])) as Record<
    CheckItem,
    { result: CheckResult; note: string | null }
  >;

/**
 * The field app's demo, relative to the group's today: the `driver` account has three orders of
 * the first store dispatched for today (route order 09:00, 10:30, 14:00), to customers with a shop
 * cylinder at the door (the cylinders demo's: to take back; the store's full in-date ones are
 * handed over); the `inspector` account has three past safety inspections, one failed (a hose to
 * replace, due again).
 */
export const seedFieldDemo: DemoSeed = async (tx, demo) => {
  const [store] = await tx.select().from(stores).where(eq(stores.id, demo.stores[0]!.id));
  if (!store) return;
  // Residential customers of the store with a cylinder there first, then the others.
  const holders = await tx
    .selectDistinct({ id: cylinders.customerId })
    .from(cylinders)
    .where(and(eq(cylinders.storeId, store.id), eq(cylinders.locationKind, 'customer')));
  const holding = new Set(holders.map((h) => h.id));
  const all = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, store.id), eq(customers.type, 'residential')))
    .orderBy(asc(customers.id));
  const custRows = [...all.filter((c) => holding.has(c.id)), ...all.filter((c) => !holding.has(c.id))].slice(0, 5);
  if (custRows.length < 3) return;
  const today = demo.today;

  const times = ['09:00', '10:30', '14:00'];
  for (const [i, customer] of custRows.slice(0, 3).entries()) {
    const pricePerKg = gasPriceFor(customer, store);
    const priced = priceOrder({
      pricePerKg,
      minRefundGrams: 0,
      gasStatus: 'return',
      creditBalanceG: 0,
      gasWeightG: 20_000,
      residualGasG: 0,
      propaneWeightG: 0,
      propaneResidualG: 0,
      products: [],
      services: [],
      cylinders: [],
    });
    await tx.insert(orders).values({
      groupId: demo.groupId,
      storeId: store.id,
      orderNo: `${today.replace(/-/g, '')}-F${String(i + 1).padStart(4, '0')}`,
      orderDate: today,
      customerId: customer.id,
      customerType: customer.type,
      source: 'staff',
      status: 'not_delivered',
      totalAmount: priced.totalAmount,
      deliveryPersonId: demo.users.driver,
      deliveryAt: new Date(`${today}T${times[i]}:00+08:00`),
      deliveryAddress: customer.address,
      gasUnitPrice: pricePerKg,
      gasWeightG: 20_000,
      gasAmount: priced.gasAmount,
      propaneUnitPrice: pricePerKg,
      preferredTime: i === 0 ? '上午' : null,
      createdBy: demo.users.staff,
    });
  }

  /** An inspection by the demo inspector `daysAgo` days ago, the next one due `nextDueIn` days from today. */
  const inspection = (customerId: number, daysAgo: number, nextDueIn: number) => ({
    groupId: demo.groupId,
    storeId: store.id,
    customerId,
    inspectorId: demo.users.inspector,
    inspectionDate: shiftDate(today, { days: -daysAgo }),
    inspectedAt: new Date(demo.now.getTime() - daysAgo * 86_400_000),
    nextDueDate: shiftDate(today, { days: nextDueIn }),
  });
  await tx.insert(inspections).values([
    {
      ...inspection(custRows[3]?.id ?? custRows[0]!.id, 200, 165),
      result: 'pass',
      items: checklist(),
      failedItems: [],
      latitude: 25.0601,
      longitude: 121.5232,
      accuracyM: 12,
    },
    { ...inspection(custRows[4]?.id ?? custRows[1]!.id, 30, 335), result: 'pass', items: checklist(), failedItems: [] },
    {
      ...inspection(custRows[1]!.id, 7, -1),
      result: 'fail',
      items: checklist({ hose: '管線老化龜裂，請更換', ventilation: '熱水器位於密閉空間' }),
      failedItems: ['hose', 'ventilation'],
      remark: '已告知客戶一週內更換管線',
    },
  ]);
};
