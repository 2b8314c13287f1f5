import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '@gasops/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo } from '../../platform/demo.js';
import { MODULES } from '../index.js';

/**
 * The demo is loaded at 02:00 in Taipei today: still yesterday in UTC, so demo data dated by the
 * UTC calendar would miss Home's today (which is the group's, Asia/Taipei).
 */
const taipeiToday = dateIn('Asia/Taipei');
const loadedAt = new Date(`${taipeiToday}T02:00:00+08:00`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
    loadedAt,
  );
});
afterAll(async () => {
  await t.close();
});

describe('the demo tenant on Home (what `npm start` shows a first visitor)', () => {
  it('has something in every card, lapsed customers included', async () => {
    const manager = await t.login('manager', DEMO_PASSWORD);
    const res = await manager.get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.today).toBe(taipeiToday);
    expect(d.todayByStatus.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBeGreaterThan(0);
    expect(d.pendingByDeliveryPerson.length).toBeGreaterThan(0);
    expect(d.revenue.filter((r: { amount: number }) => r.amount > 0).length).toBeGreaterThan(10);
    expect(d.recentOrders).toHaveLength(5);
    // Customers of the shop for months or years, some of whom last ordered over 3 months ago.
    const cutoff = new Date(`${d.today}T00:00:00Z`);
    cutoff.setUTCMonth(cutoff.getUTCMonth() - d.inactiveCustomers.months);
    const cutoffDate = cutoff.toISOString().slice(0, 10);
    expect(d.inactiveCustomers.total).toBeGreaterThanOrEqual(3);
    expect(d.inactiveCustomers.items.length).toBe(Math.min(d.inactiveCustomers.total, d.inactiveCustomers.items.length));
    for (const c of d.inactiveCustomers.items as { lastOrderDate: string | null }[]) {
      if (c.lastOrderDate !== null) expect(c.lastOrderDate < cutoffDate).toBe(true);
    }
    const lowGas = await manager.get('/api/iot/low-gas?limit=10');
    expect(lowGas.statusCode).toBe(200);
    expect(lowGas.json().items?.length ?? lowGas.json().length).toBeGreaterThan(0);
  });
});
