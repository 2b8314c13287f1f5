import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn, LOCATION_KINDS, shiftDate } from '@gasops/shared';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo } from '../../platform/demo.js';
import { MODULES } from '../index.js';

let t: TestApp;
let manager: Caller;
const today = dateIn('Asia/Taipei');
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  manager = await t.login('manager', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('the demo cylinders', () => {
  it('are in every place, some due, some overdue, some past their end of life', async () => {
    const all = (await manager.get('/api/cylinders?pageSize=1')).json();
    expect(all.total).toBe(360);
    for (const kind of LOCATION_KINDS)
      expect((await manager.get(`/api/cylinders?locationKind=${kind}&pageSize=1`)).json().total, kind).toBeGreaterThan(0);
    for (const status of ['in_date', 'due', 'overdue', 'end_of_life'])
      expect((await manager.get(`/api/cylinders?status=${status}&pageSize=1`)).json().total, status).toBeGreaterThan(0);
    const first = (await manager.get('/api/cylinders?locationKind=customer&pageSize=1')).json().items[0];
    const detail = (await manager.get(`/api/cylinders/${first.id}`)).json();
    expect(detail.movements.length).toBeGreaterThan(0);
    expect(detail.customerName).toBeTruthy();
  });

  it('have stock documents, pending data, scans over recent weeks and inspection suggestions', async () => {
    expect((await manager.get('/api/cylinders/stock-documents?pageSize=1')).json().total).toBeGreaterThan(20);
    expect((await manager.get('/api/cylinders/pending?status=unprocessed&pageSize=1')).json().total).toBeGreaterThan(3);
    expect((await manager.get('/api/cylinders/pending?status=processed&pageSize=1')).json().total).toBeGreaterThan(0);
    const stats = (await manager.get(`/api/cylinders/scans/statistics?from=${shiftDate(today, { days: -27 })}&to=${today}`)).json();
    expect(stats.items.length).toBeGreaterThan(50);
    expect(stats.totals.failure).toBeGreaterThan(0);
    expect(stats.totals.unprocessed).toBeGreaterThan(0);
    expect(stats.totals.qualified).toBeGreaterThan(stats.totals.total / 2);
    expect((await manager.get('/api/cylinders/readers')).json()).toHaveLength(4);
    const s = (await manager.get('/api/cylinders/inspection-suggestions')).json();
    expect(s.items.length).toBeGreaterThan(0);
    expect(s.items[0].count).toBeGreaterThan(0);
  });
});
