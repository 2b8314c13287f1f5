import { hashPassword } from '../../platform/auth.js';
import type { Db } from '../../platform/db.js';
import { users } from '../../platform/platform.schema.js';
import { deliveryPersons } from '../catalogue/catalogue.schema.js';
import { customers } from '../customers/customers.schema.js';
import { expenseItems, expenses } from '../finance/finance.schema.js';
import { orderProductLines, orders, orderServiceLines, payments } from '../orders/orders.schema.js';
import type { Tenant } from '../../../test/helpers.js';

type OrderSpec = {
  store: 0 | 1;
  date: string;
  customer: number | null;
  customerType: 'residential' | 'store' | 'monthly_count' | 'monthly_meter' | null;
  status: 'placed' | 'not_delivered' | 'delivering' | 'completed' | 'payment_posted' | 'cancelled';
  person?: number | null;
  gasG?: number;
  gasAmount?: number;
  propaneG?: number;
  propaneAmount?: number;
  residualG?: number;
  refund?: number;
  products?: { name: string; qty: number; price: number }[];
  services?: { content: string; amount: number }[];
  total: number;
};

let seq = 0;

/** Direct inserts of known rows (fast, independent of the orders API) for hand-computed report totals. */
export function fixtures(db: Db, tenant: Tenant) {
  const storeId = (i: 0 | 1) => tenant.storeIds[i];
  return {
    async deliveryPerson(name: string, store: 0 | 1 = 0) {
      const n = ++seq;
      const [u] = await db
        .insert(users)
        .values({ groupId: tenant.groupId, account: `dp${tenant.groupId}_${n}`, name, passwordHash: await hashPassword('Driver123') })
        .returning();
      await db.insert(deliveryPersons).values({ groupId: tenant.groupId, storeId: storeId(store), userId: u!.id });
      return u!.id;
    },
    async customer(name: string, store: 0 | 1, type: OrderSpec['customerType'] & string, createdAt = new Date('2024-01-01T00:00:00Z')) {
      const [c] = await db
        .insert(customers)
        .values({ groupId: tenant.groupId, storeId: storeId(store), name, type, phone: `09${String(++seq).padStart(8, '0')}`, createdAt })
        .returning();
      return c!.id;
    },
    async order(o: OrderSpec) {
      const [row] = await db
        .insert(orders)
        .values({
          groupId: tenant.groupId,
          storeId: storeId(o.store),
          orderNo: `T${tenant.groupId}-${++seq}`,
          orderDate: o.date,
          customerId: o.customer,
          customerType: o.customerType,
          status: o.status,
          deliveryPersonId: o.person ?? null,
          gasWeightG: o.gasG ?? 0,
          gasAmount: o.gasAmount ?? 0,
          propaneWeightG: o.propaneG ?? 0,
          propaneAmount: o.propaneAmount ?? 0,
          residualGasG: o.residualG ?? 0,
          gasRefundAmount: o.refund ?? 0,
          productsAmount: (o.products ?? []).reduce((s, p) => s + p.qty * p.price, 0),
          servicesAmount: (o.services ?? []).reduce((s, p) => s + p.amount, 0),
          totalAmount: o.total,
        })
        .returning();
      const base = { orderId: row!.id, groupId: tenant.groupId, storeId: storeId(o.store) };
      if (o.products?.length)
        await db
          .insert(orderProductLines)
          .values(o.products.map((p) => ({ ...base, productName: p.name, unitPrice: p.price, quantity: p.qty, amount: p.qty * p.price })));
      if (o.services?.length)
        await db.insert(orderServiceLines).values(o.services.map((s) => ({ ...base, content: s.content, amount: s.amount })));
      return row!.id;
    },
    async payment(store: 0 | 1, date: string, orderId: number, customerId: number, type: 'cash' | 'bill', amount: number) {
      await db.insert(payments).values({
        groupId: tenant.groupId,
        storeId: storeId(store),
        orderId,
        customerId,
        postingDate: date,
        paymentType: type,
        cashAmount: type === 'cash' ? amount : 0,
        billAmount: type === 'bill' ? amount : 0,
      });
    },
    async expense(store: 0 | 1, date: string, amount: number) {
      const [item] = await db
        .insert(expenseItems)
        .values({ groupId: tenant.groupId, storeId: storeId(store), name: `Item ${++seq}`, type: 'misc' })
        .returning();
      await db
        .insert(expenses)
        .values({ groupId: tenant.groupId, storeId: storeId(store), expenseDate: date, itemId: item!.id, type: 'misc', amount });
    },
  };
}
