import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn, type FieldOrder, type FieldToday } from '@gasops/shared';
import { createTestApp, type Caller, type TestApp } from '../../../test/helpers.js';
import { DEMO_PASSWORD, seedDemo } from '../../platform/demo.js';
import { MODULES } from '../index.js';

let t: TestApp;
let driver: Caller;
let inspector: Caller;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(
    t.db,
    MODULES.flatMap((m) => (m.seedDemo ? [m.seedDemo] : [])),
  );
  driver = await t.login('driver', DEMO_PASSWORD);
  inspector = await t.login('inspector', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('the field demo', () => {
  it("gives the driver today's round with cylinders at the customers, and a delivery goes through", async () => {
    const day = (await driver.get('/api/field/today')).json<FieldToday>();
    expect(day.today).toBe(dateIn('Asia/Taipei'));
    const mine = day.orders.filter((o) => o.orderNo.includes('-F'));
    expect(mine.map((o) => o.status)).toEqual(['not_delivered', 'not_delivered', 'not_delivered']);
    expect(mine.every((o) => o.cylindersAtCustomer.length > 0)).toBe(true);
    expect(day.inspections).toBeNull();
    const first = mine[0] as FieldOrder;
    const full = day.cylinders.find((c) => c.locationKind === 'store' && c.fill === 'full' && c.handOver && c.storeId === first.storeId)!;
    const empty = day.cylinders.find((c) => c.containerNo === first.cylindersAtCustomer[0])!;
    const res = await driver.post('/api/field/actions', {
      actions: [
        {
          id: crypto.randomUUID(),
          kind: 'deliver',
          deviceTime: new Date().toISOString(),
          payload: {
            orderId: first.id,
            handedOver: [full.containerNo],
            takenBack: [{ code: empty.containerNo, grossG: (empty.tareG ?? 15_000) + 1_200 }],
            gasStatus: 'store',
            cashAmount: first.totalAmount,
            signature: PNG,
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results[0]).toMatchObject({ status: 'applied', orderStatus: 'completed' });
  });

  it('gives the inspector the customers to inspect, one failed last time', async () => {
    const day = (await inspector.get('/api/field/today')).json<FieldToday>();
    expect(day.inspections!.some((i) => i.lastResult === 'fail')).toBe(true);
    const list = await t.login('manager', DEMO_PASSWORD).then((m) => m.get('/api/field/inspections'));
    expect(list.json().total).toBe(3);
  });
});
