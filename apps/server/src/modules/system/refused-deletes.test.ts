import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@gasops/shared';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { fixtures } from '../../../test/fixtures/reports.js';
import { refusedDeleteKey } from '../../platform/errors.js';
import { storeProducts } from '../catalogue/catalogue.schema.js';
import { categories, customers } from '../customers/customers.schema.js';
import { expenseItems, expenses } from '../finance/finance.schema.js';

/**
 * A refused delete says why in a shop's words (issue 11), in the caller's language, never the generic
 * "in use" or an uncaught error; and a delete the database would have let through quietly (ON DELETE
 * SET NULL, soft deletes) is refused before it takes a category off customers or a product off orders.
 */
let t: TestApp;
let a: Tenant;
let f: ReturnType<typeof fixtures>;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Refuse A');
  f = fixtures(t.db, a);
});
afterAll(async () => {
  await t.close();
});

const en = (key: string) => translate('en-US', `feedback.refused.${key}`);

describe('refused deletes say why', () => {
  it('a customer with orders', async () => {
    const customer = await f.customer('Has orders', 0, 'residential');
    await f.order({ store: 0, date: '2026-01-05', customer, customerType: 'residential', status: 'completed', total: 900 });
    const res = await a.manager.del(`/api/customers/${customer}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This customer has orders and cannot be deleted');
    const zh = await a.manager.del(`/api/customers/${customer}`, undefined, { headers: { 'accept-language': 'zh-TW' } });
    expect(zh.json().detail).toBe('此客戶已有訂單，無法刪除');
    // Without orders the same delete goes through.
    const free = await f.customer('No orders', 0, 'residential');
    expect((await a.manager.del(`/api/customers/${free}`)).statusCode).toBeLessThan(300);
  });

  it('one wording for every customer type', async () => {
    for (const type of ['residential', 'store', 'monthly_count', 'monthly_meter'] as const) {
      const customer = await f.customer(`Type ${type}`, 0, type);
      await f.order({ store: 0, date: '2026-01-06', customer, customerType: type, status: 'placed', total: 100 });
      expect((await a.manager.del(`/api/customers/${customer}`)).json().detail).toBe(en('customerOrders'));
    }
  });

  it('a customer with payments only', async () => {
    const customer = await f.customer('Paid', 0, 'residential');
    const order = await f.order({ store: 0, date: '2026-01-07', customer: null, customerType: null, status: 'completed', total: 100 });
    await f.payment(0, '2026-01-07', order, customer, 'cash', 100);
    expect((await a.manager.del(`/api/customers/${customer}`)).json().detail).toBe(en('customerBills'));
  });

  it('a category with customers, a category with products', async () => {
    const [cat] = await t.db.insert(categories).values({ groupId: a.groupId, kind: 'customer', name: 'VIP' }).returning();
    await t.db
      .insert(customers)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'In VIP', type: 'residential', categoryId: cat!.id });
    const res = await a.manager.del(`/api/categories/${cat!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(en('categoryCustomers'));

    const [pcat] = await t.db.insert(categories).values({ groupId: a.groupId, kind: 'product', name: 'Stoves' }).returning();
    await t.db
      .insert(storeProducts)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'Stove', salePrice: 100, categoryId: pcat!.id, startDate: '2026-01-01' });
    expect((await a.manager.del(`/api/categories/${pcat!.id}`)).json().detail).toBe(en('categoryProducts'));
  });

  it('a store with customers', async () => {
    const res = await a.manager.del('/api/store', { id: a.storeIds[0] });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(en('storeCustomers'));
  });

  it('a store product used by orders', async () => {
    const [p] = await t.db
      .insert(storeProducts)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'Hose', salePrice: 250, startDate: '2026-01-01' })
      .returning();
    const order = await f.order({
      store: 0,
      date: '2026-01-08',
      customer: null,
      customerType: null,
      status: 'completed',
      products: [{ name: 'Hose', qty: 1, price: 250 }],
      total: 250,
    });
    const { orderProductLines } = await import('../orders/orders.schema.js');
    const { eq } = await import('drizzle-orm');
    await t.db.update(orderProductLines).set({ productId: p!.id }).where(eq(orderProductLines.orderId, order));
    const res = await a.manager.del(`/api/store-products/${p!.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(en('productOrders'));
  });

  it('a delivery person with orders still to deliver', async () => {
    const person = await f.deliveryPerson('Driver Lin');
    await f.order({ store: 0, date: '2026-01-09', customer: null, customerType: null, status: 'delivering', person, total: 900 });
    const res = await a.manager.del(`/api/system/users/${person}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(en('deliveryPersonOrders'));
    // Delivered orders keep their history; the person may go.
    const done = await f.deliveryPerson('Driver Wu');
    await f.order({ store: 0, date: '2026-01-09', customer: null, customerType: null, status: 'completed', person: done, total: 900 });
    expect((await a.manager.del(`/api/system/users/${done}`)).statusCode).toBe(200);
  });

  it('an expense item with expenses, a role with users, a store group with stores', async () => {
    const [item] = await t.db
      .insert(expenseItems)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], name: 'Rent', type: 'operating' })
      .returning();
    await t.db
      .insert(expenses)
      .values({ groupId: a.groupId, storeId: a.storeIds[0], expenseDate: '2026-01-02', itemId: item!.id, type: 'operating', amount: 100 });
    expect((await a.manager.del(`/api/finance/expense-items/${item!.id}`)).json().detail).toBe(en('expenseItemExpenses'));
    expect((await a.manager.del(`/api/system/roles/${a.roleIds.staff}`)).json().detail).toBe(en('roleUsers'));
    expect((await t.admin.del('/api/store/group', { id: a.groupId })).json().detail).toBe(en('groupStores'));
  });

  it('maps a foreign-key refusal by the tables it names', () => {
    const msg = (parent: string, child: string) =>
      `update or delete on table "${parent}" violates foreign key constraint "${child}_x_fkey" on table "${child}"`;
    expect(refusedDeleteKey(msg('customers', 'orders'))).toBe('feedback.refused.customerOrders');
    expect(refusedDeleteKey(msg('customers', 'cylinder_loans'))).toBe('feedback.refused.customerRecords');
    expect(refusedDeleteKey(msg('devices', 'device_readings'))).toBe('feedback.error.inUse');
    expect(refusedDeleteKey('something else')).toBe('feedback.error.inUse');
  });
});
