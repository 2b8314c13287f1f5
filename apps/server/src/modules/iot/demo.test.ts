import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../platform/demo.js';
import { customers } from '../customers/customers.schema.js';
import { seedIotDemo } from './demo.js';
import { deviceReadings, devices, iotAlerts, storeDevices } from './iot.schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('IoT demo data', () => {
  it('transfers demo devices, installs them at demo customers with days of readings and a low-gas alert', async () => {
    const demo = await seedDemo(t.db, [
      // Stand-in for the customers module's demo: three customers per demo store.
      async (tx, d) => {
        for (const s of d.stores) {
          await tx.insert(customers).values(
            [1, 2, 3].map((i) => ({
              groupId: d.groupId,
              storeId: s.id,
              name: `${s.name} ${i}`,
              latitude: s.latitude,
              longitude: s.longitude,
            })),
          );
        }
      },
      seedIotDemo,
    ]);
    expect(demo).not.toBeNull();
    const all = await t.db.select().from(devices);
    expect(all).toHaveLength(10);
    expect(all.filter((d) => d.transferred)).toHaveLength(8);
    const installs = await t.db.select().from(storeDevices).where(isNull(storeDevices.uninstallDate));
    expect(installs.length).toBeGreaterThanOrEqual(3);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(deviceReadings)) as [{ n: number }];
    expect(n).toBe(installs.length * 145);
    const low = await t.db
      .select()
      .from(iotAlerts)
      .where(and(eq(iotAlerts.kind, 'lowGas'), isNull(iotAlerts.closedAt)));
    expect(low).toHaveLength(1);
    // The manager of the demo group sees them on the residual gas list with a forecast.
    const manager = await t.login('manager', 'demo1234');
    const list = (await manager.get('/api/iot/residual-gas')).json();
    expect(list.total).toBe(installs.length);
    expect(list.items[0].lowGas).toBe(true);
    expect(list.items.every((i: { daysLeft: number | null }) => i.daysLeft !== null)).toBe(true);
  });
});
