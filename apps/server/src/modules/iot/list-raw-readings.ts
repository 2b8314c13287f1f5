import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { isoNN } from '../../platform/columns.js';
import type { Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { deviceReadings, devices } from './iot.schema.js';

/**
 * Raw readings of one device in a time range, newest first: one range scan of the (device_id, ts)
 * key. Platform administrator only; each reading names its installation (null: installed nowhere).
 */
export async function listRawReadings(db: Executor, deviceId: number, q: { from?: string; to?: string; limit: number }) {
  const [d] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId));
  if (!d) throw notFound();
  const rows = await db
    .select()
    .from(deviceReadings)
    .where(
      and(
        eq(deviceReadings.deviceId, deviceId),
        q.from ? gte(deviceReadings.ts, new Date(q.from)) : undefined,
        q.to ? lte(deviceReadings.ts, new Date(q.to)) : undefined,
      ),
    )
    .orderBy(desc(deviceReadings.ts))
    .limit(q.limit);
  return { items: rows.map((r) => ({ ...r, ts: isoNN(r.ts), receivedAt: isoNN(r.receivedAt) })) };
}
