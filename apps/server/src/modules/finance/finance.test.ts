import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Tenant, type TestApp } from '../../../test/helpers.js';
import { customers } from '../customers/customers.schema.js';
import { monthlyBills } from '../orders/orders.schema.js';
import { fixtures } from '../../../test/fixtures/reports.js';

let t: TestApp;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.tenant('Finance A', { Home: ['view'], expense: ['view'] });
  b = await t.tenant('Finance B');
});
afterAll(async () => {
  await t.close();
});

describe('incidentals (expense items)', () => {
  let itemId: number;

  it('creates, lists, searches, filters and edits an item, each write audited', async () => {
    const res = await a.manager.post('/api/finance/expense-items', {
      storeId: a.storeIds[0],
      name: 'Rent',
      type: 'operating',
      remark: 'monthly',
    });
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item).toMatchObject({
      storeId: a.storeIds[0],
      storeName: 'Finance A store A',
      name: 'Rent',
      type: 'operating',
      remark: 'monthly',
      detail: 'Added',
    });
    itemId = item.id;
    expect(await t.lastAudit('expense_items', itemId)).toMatchObject({
      screen: 'incidentals',
      action: 'create',
      groupId: a.groupId,
    });

    await a.manager.post('/api/finance/expense-items', {
      storeId: a.storeIds[0],
      name: 'Driver salary',
      type: 'salary',
    });
    await a.manager.post('/api/finance/expense-items', {
      storeId: a.storeIds[1],
      name: 'Rent',
      type: 'operating',
    });

    const all = (await a.manager.get('/api/finance/expense-items')).json();
    expect(all.total).toBe(3);
    const store0 = (await a.manager.get(`/api/finance/expense-items?storeId=${a.storeIds[0]}`)).json();
    expect(store0.items.map((i: { name: string }) => i.name).sort()).toEqual(['Driver salary', 'Rent']);
    const salary = (await a.manager.get('/api/finance/expense-items?type=salary')).json();
    expect(salary.items.map((i: { name: string }) => i.name)).toEqual(['Driver salary']);
    const search = (await a.manager.get('/api/finance/expense-items?keyword=REN')).json();
    expect(search.total).toBe(2);
    const page = (await a.manager.get('/api/finance/expense-items?pageSize=2&page=2')).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);

    const edit = await a.manager.put(`/api/finance/expense-items/${itemId}`, {
      storeId: a.storeIds[0],
      name: 'Shop rent',
      type: 'operating',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      name: 'Shop rent',
      remark: null,
      detail: 'Edited',
    });
    const audit = await t.lastAudit('expense_items', itemId);
    expect(audit).toMatchObject({ action: 'edit' });
    expect(audit!.before).toMatchObject({ name: 'Rent' });
    expect(audit!.after).toMatchObject({ name: 'Shop rent' });
  });

  it('rejects bad input with field messages', async () => {
    const res = await a.manager.post('/api/finance/expense-items', {
      storeId: a.storeIds[0],
      name: '  ',
      type: 'lunch',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'This field is required',
      type: 'This field is required',
    });
    const zh = await a.manager.post(
      '/api/finance/expense-items',
      { storeId: a.storeIds[0], name: '', type: 'misc' },
      { headers: { 'accept-language': 'zh-TW' } },
    );
    expect(zh.json().errors.name).toBe('此欄位為必填');
    const dup = await a.manager.post('/api/finance/expense-items', {
      storeId: a.storeIds[0],
      name: 'shop RENT',
      type: 'misc',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('denies a role without the incidentals actions (403)', async () => {
    // Staff may view expenses (so may read items for the form) but not maintain items.
    expect((await a.staff.get('/api/finance/expense-items')).statusCode).toBe(200);
    expect(
      (
        await a.staff.post('/api/finance/expense-items', {
          storeId: a.storeIds[0],
          name: 'X',
          type: 'misc',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await a.staff.put(`/api/finance/expense-items/${itemId}`, {
          storeId: a.storeIds[0],
          name: 'X',
          type: 'misc',
        })
      ).statusCode,
    ).toBe(403);
    expect((await a.staff.del(`/api/finance/expense-items/${itemId}`)).statusCode).toBe(403);
    expect((await b.staff.get('/api/finance/expense-items')).statusCode).toBe(403);
  });

  it('keeps another tenant out (404) and staff to their own store', async () => {
    expect(
      (
        await b.manager.put(`/api/finance/expense-items/${itemId}`, {
          storeId: b.storeIds[0],
          name: 'Mine',
          type: 'misc',
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.manager.del(`/api/finance/expense-items/${itemId}`)).statusCode).toBe(404);
    expect(
      (
        await b.manager.post('/api/finance/expense-items', {
          storeId: a.storeIds[0],
          name: 'Sneaky',
          type: 'misc',
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.manager.get(`/api/finance/expense-items?storeId=${a.storeIds[0]}`)).statusCode).toBe(404);
    expect((await b.manager.get('/api/finance/expense-items')).json().total).toBe(0);
    // Staff of store A sees only store A's items.
    const staffList = (await a.staff.get('/api/finance/expense-items')).json();
    expect(staffList.items.every((i: { storeId: number }) => i.storeId === a.storeIds[0])).toBe(true);
    expect((await a.staff.get(`/api/finance/expense-items?storeId=${a.storeIds[1]}`)).statusCode).toBe(404);
  });
});

describe('expenses', () => {
  let rentId: number;
  let salaryId: number;
  let otherStoreItem: number;
  let expenseId: number;

  beforeAll(async () => {
    const mk = async (storeId: number, name: string, type: string) =>
      (
        await a.manager.post('/api/finance/expense-items', {
          storeId,
          name,
          type,
        })
      ).json().id as number;
    rentId = await mk(a.storeIds[0], 'Warehouse rent', 'operating');
    salaryId = await mk(a.storeIds[0], 'Wages', 'salary');
    otherStoreItem = await mk(a.storeIds[1], 'Wages B', 'salary');
  });

  it('creates, lists with totals and filters, edits and deletes expenses, audited', async () => {
    const res = await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-03-05',
      itemId: rentId,
      type: 'operating',
      amount: 1500000,
      remark: 'March rent',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: '2025-03-05',
      itemName: 'Warehouse rent',
      amount: 1500000,
      storeName: 'Finance A store A',
    });
    expenseId = res.json().id;
    expect(await t.lastAudit('expenses', expenseId)).toMatchObject({
      screen: 'expense',
      action: 'create',
    });

    await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-03-20',
      itemId: salaryId,
      type: 'salary',
      amount: 3200000,
    });
    await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-04-01',
      itemId: salaryId,
      type: 'salary',
      amount: 100,
    });
    await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[1],
      date: '2025-03-10',
      itemId: otherStoreItem,
      type: 'salary',
      amount: 777,
    });

    const march = (await a.manager.get('/api/finance/expenses?from=2025-03-01&to=2025-03-31')).json();
    expect(march.total).toBe(3);
    expect(march.totalAmount).toBe(1500000 + 3200000 + 777);
    expect(march.items.map((e: { date: string }) => e.date)).toEqual(['2025-03-20', '2025-03-10', '2025-03-05']);
    const store0 = (await a.manager.get(`/api/finance/expenses?storeId=${a.storeIds[0]}&type=salary`)).json();
    expect(store0.totalAmount).toBe(3200100);
    const byItem = (await a.manager.get(`/api/finance/expenses?itemId=${rentId}`)).json();
    expect(byItem.total).toBe(1);
    const search = (await a.manager.get('/api/finance/expenses?keyword=march')).json();
    expect(search.items.map((e: { id: number }) => e.id)).toEqual([expenseId]);

    const edit = await a.manager.put(`/api/finance/expenses/${expenseId}`, {
      storeId: a.storeIds[0],
      date: '2025-03-06',
      itemId: rentId,
      type: 'operating',
      amount: 1400000,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      date: '2025-03-06',
      amount: 1400000,
      remark: null,
    });
    expect((await t.lastAudit('expenses', expenseId))!.before).toMatchObject({
      amount: 1500000,
    });

    // An item in use cannot be deleted.
    expect((await a.manager.del(`/api/finance/expense-items/${rentId}`)).statusCode).toBe(409);
    // Nor moved to another store.
    expect(
      (
        await a.manager.put(`/api/finance/expense-items/${rentId}`, {
          storeId: a.storeIds[1],
          name: 'Warehouse rent',
          type: 'operating',
        })
      ).statusCode,
    ).toBe(409);

    const del = await a.manager.del(`/api/finance/expenses/${expenseId}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().detail).toBe('Deleted');
    expect(await t.lastAudit('expenses', expenseId)).toMatchObject({
      action: 'delete',
    });
    expect((await a.manager.get(`/api/finance/expenses?itemId=${rentId}`)).json().total).toBe(0);
    expect((await a.manager.del(`/api/finance/expense-items/${rentId}`)).statusCode).toBe(200);
  });

  it('validates with field messages: amount, date, item of another store, range order', async () => {
    const bad = await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-02-30',
      itemId: salaryId,
      type: 'salary',
      amount: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      date: 'Invalid format',
      amount: 'Must be at least 1',
    });
    const noAmount = await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-02-03',
      itemId: salaryId,
      type: 'salary',
    });
    expect(noAmount.json().errors.amount).toBe('Please enter the amount');
    const fraction = await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-02-03',
      itemId: salaryId,
      type: 'salary',
      amount: 1.5,
    });
    expect(fraction.json().errors.amount).toBe('Enter a whole number');
    const wrongItem = await a.manager.post('/api/finance/expenses', {
      storeId: a.storeIds[0],
      date: '2025-02-03',
      itemId: otherStoreItem,
      type: 'salary',
      amount: 5,
    });
    expect(wrongItem.statusCode).toBe(400);
    expect(wrongItem.json().errors.itemId).toBe('Invalid format');
    const range = await a.manager.get('/api/finance/expenses?from=2025-03-02&to=2025-03-01');
    expect(range.statusCode).toBe(400);
    expect(range.json().errors.to).toBe('The end date must not be before the start date');
  });

  it('denies writes without the expense actions (403)', async () => {
    expect((await a.staff.get('/api/finance/expenses')).statusCode).toBe(200);
    const body = {
      storeId: a.storeIds[0],
      date: '2025-02-03',
      itemId: salaryId,
      type: 'salary',
      amount: 5,
    };
    expect((await a.staff.post('/api/finance/expenses', body)).statusCode).toBe(403);
    expect((await a.staff.put('/api/finance/expenses/1', body)).statusCode).toBe(403);
    expect((await a.staff.del('/api/finance/expenses/1')).statusCode).toBe(403);
    expect((await b.staff.get('/api/finance/expenses')).statusCode).toBe(403);
  });

  it('keeps another tenant out (404)', async () => {
    const mine = (
      await a.manager.post('/api/finance/expenses', {
        storeId: a.storeIds[0],
        date: '2025-05-01',
        itemId: salaryId,
        type: 'salary',
        amount: 42,
      })
    ).json();
    const body = {
      storeId: b.storeIds[0],
      date: '2025-05-01',
      itemId: salaryId,
      type: 'salary',
      amount: 1,
    };
    expect((await b.manager.put(`/api/finance/expenses/${mine.id}`, body)).statusCode).toBe(404);
    expect((await b.manager.del(`/api/finance/expenses/${mine.id}`)).statusCode).toBe(404);
    expect(
      (
        await b.manager.post('/api/finance/expenses', {
          ...body,
          storeId: a.storeIds[0],
        })
      ).statusCode,
    ).toBe(404);
    expect((await b.manager.get('/api/finance/expenses')).json().total).toBe(0);
    // B's own store with A's item: the item is not B's store's item.
    expect((await b.manager.post('/api/finance/expenses', body)).statusCode).toBe(400);
  });
});

describe('financial overview', () => {
  it('income by payment type, sales, expenses by type, receivables, net and the daily series (hand-computed)', async () => {
    const c = await t.tenant('Finance C', { Home: ['view'] });
    const f = fixtures(t.db, c);
    const cust = await f.customer('Owing Ltd', 0, 'store');
    const monthly = await f.customer('Monthly Co', 0, 'monthly_count');
    await t.db.update(customers).set({ inArrears: true }).where(eq(customers.id, cust));
    // completed, unpaid: a receivable of 10000
    await f.order({
      store: 0,
      date: '2025-06-02',
      customer: cust,
      customerType: 'store',
      status: 'completed',
      gasG: 5000,
      gasAmount: 10000,
      total: 10000,
    });
    const paid = await f.order({
      store: 0,
      date: '2025-06-02',
      customer: cust,
      customerType: 'store',
      status: 'payment_posted',
      total: 20000,
    });
    // open and cancelled orders are neither sales nor receivables
    await f.order({ store: 0, date: '2025-06-03', customer: cust, customerType: 'store', status: 'delivering', total: 40000 });
    await f.order({ store: 1, date: '2025-06-03', customer: cust, customerType: 'store', status: 'cancelled', total: 50000 });
    await f.payment(0, '2025-06-02', paid, cust, 'cash', 20000);
    await f.payment(0, '2025-06-03', paid, cust, 'bill', 7000);
    await f.payment(0, '2025-07-01', paid, cust, 'cash', 99); // outside the period
    await t.db.insert(monthlyBills).values([
      {
        groupId: c.groupId,
        storeId: c.storeIds[0],
        customerId: monthly,
        period: '2025-05',
        billingDate: '2025-06-01',
        mode: 'count',
        amount: 30000,
        status: 'billed',
      },
      {
        groupId: c.groupId,
        storeId: c.storeIds[0],
        customerId: cust,
        period: '2025-05',
        billingDate: '2025-06-01',
        mode: 'count',
        amount: 5000,
        status: 'posted',
      },
    ]);
    await f.expense(0, '2025-06-02', 1500);
    await f.expense(1, '2025-06-30', 500);

    const res = await c.manager.get('/api/finance/overview?from=2025-06-01&to=2025-06-30');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.income).toEqual({ cash: 20000, bill: 7000, total: 27000, paymentCount: 2 });
    expect(o.sales).toEqual({ orderCount: 2, amount: 30000 });
    expect(o.expenses.total).toBe(2000);
    expect(o.expenses.byType.find((e: { type: string }) => e.type === 'misc')).toEqual({ type: 'misc', amount: 2000, count: 2 });
    expect(o.expenses.byType).toHaveLength(6);
    expect(o.receivables).toEqual({
      unpaidOrders: { count: 1, amount: 10000 },
      unpostedBills: { count: 1, amount: 30000 },
      arrearsCustomers: 1,
      total: 40000,
    });
    expect(o.net).toBe(25000);
    expect(o.daily).toHaveLength(30);
    expect(o.daily[1]).toEqual({ date: '2025-06-02', income: 20000, expense: 1500 });
    expect(o.daily[2]).toEqual({ date: '2025-06-03', income: 7000, expense: 0 });
    expect(o.daily[29]).toEqual({ date: '2025-06-30', income: 0, expense: 500 });

    const store1 = (await c.manager.get(`/api/finance/overview?from=2025-06-01&to=2025-06-30&storeId=${c.storeIds[1]}`)).json();
    expect(store1).toMatchObject({ income: { total: 0 }, sales: { orderCount: 0 }, expenses: { total: 500 }, net: -500 });
    expect(store1.receivables.total).toBe(0);

    const bad = await c.manager.get('/api/finance/overview?from=2025-06-30&to=2025-06-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toBe('The end date must not be before the start date');
    expect((await c.manager.get('/api/finance/overview?from=2025-06-01')).json().errors.to).toBe('This field is required');
    expect((await c.staff.get('/api/finance/overview?from=2025-06-01&to=2025-06-30')).statusCode).toBe(403);
    expect((await a.manager.get(`/api/finance/overview?from=2025-06-01&to=2025-06-30&storeId=${c.storeIds[0]}`)).statusCode).toBe(404);
    expect((await a.manager.get('/api/finance/overview?from=2025-06-01&to=2025-06-30')).json().income.total).toBe(0);
  });
});
