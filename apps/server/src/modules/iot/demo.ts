import { shiftDate } from '@gasops/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DemoSeed } from '../../platform/demo.js';
import { groupTimeZone } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { hourlyUseKg } from './household-usage.js';
import { hashDeviceSecret, newDeviceSecret } from './ingestion/device-auth.js';
import { writeBatch, type Reading } from './ingestion/write-batch.js';
import { devices, deviceTransfers, storeDevices } from './iot.schema.js';

const H = 3_600_000;

/** A deterministic pseudo-random sequence, so the demo looks the same on every first start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Demo devices: eight scales transferred to the demo stores (platform stock keeps two more);
 * those whose store has demo customers are installed there with three days of readings every
 * 30 minutes, one of them nearly empty. Their secrets are random and never shown: rotate a secret
 * on the Device screen to connect a real or simulated scale as one of them.
 */
export const seedIotDemo: DemoSeed = async (tx, demo) => {
  const rand = rng(20250101);
  const day = demo.today;
  const transferDay = shiftDate(demo.today, { days: -30 });
  const made: { id: number; storeId: number }[] = [];
  for (let i = 1; i <= 10; i++) {
    const store = i <= 8 ? demo.stores[(i - 1) % demo.stores.length]! : null;
    const [d] = await tx
      .insert(devices)
      .values({
        serial: `FQ-${String(i).padStart(4, '0')}`,
        groupId: store ? demo.groupId : null,
        storeId: store?.id ?? null,
        transferred: !!store,
        transferDate: store ? transferDay : null,
        secretHash: hashDeviceSecret(newDeviceSecret()),
      })
      .returning();
    if (store) {
      await tx
        .insert(deviceTransfers)
        .values({ deviceId: d!.id, kind: 'transfer', groupId: demo.groupId, storeId: store.id, date: transferDay, account: 'admin' });
      made.push({ id: d!.id, storeId: store.id });
    }
  }
  const timeZone = await groupTimeZone(tx, demo.groupId);
  const used = new Set<number>();
  const readings: Reading[] = [];
  let k = 0;
  for (const dev of made) {
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.storeId, dev.storeId))
      .orderBy(asc(customers.id))
      .offset(used.size % 3)
      .limit(1);
    if (!customer || used.has(customer.id)) continue;
    used.add(customer.id);
    const capacity = 20000;
    const tare = 15000 + Math.round(rand() * 2000);
    const installDate = shiftDate(demo.today, { days: -4 });
    const date = installDate <= day ? installDate : day;
    await tx.insert(storeDevices).values({
      groupId: demo.groupId,
      storeId: dev.storeId,
      deviceId: dev.id,
      customerId: customer.id,
      installDate: date,
      // Its readings start with its install date (the store group's calendar).
      installedFrom: sql`${date}::date::timestamp at time zone ${timeZone}`,
      capacityGrams: capacity,
      tareGrams: tare,
    });
    // The first one is nearly empty (a low-gas alert); the others between 35 % and 90 %.
    const dailyKg = 0.6 + rand() * 0.8;
    let gas = k === 0 ? 0.05 * capacity + dailyKg * 3000 : (0.35 + rand() * 0.55) * capacity + dailyKg * 3000;
    const start = demo.now.getTime() - 3 * 24 * H;
    for (let t = start, seq = 1; t <= demo.now.getTime(); t += H / 2, seq++) {
      gas = Math.max(0, gas - hourlyUseKg(new Date(t).getUTCHours() + 8, dailyKg) * 500);
      readings.push({
        deviceId: dev.id,
        ts: new Date(t),
        seq,
        grossGrams: Math.round(tare + gas + (rand() - 0.5) * 20),
        battery: Math.round(95 - (seq / 144) * 3),
        signal: -60 - Math.round(rand() * 25),
      });
    }
    k++;
  }
  if (readings.length) await writeBatch(tx, readings);
};
