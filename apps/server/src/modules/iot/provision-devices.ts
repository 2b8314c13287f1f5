import { and, eq, isNull, sql } from 'drizzle-orm';
import { V, type ProvisionDevicesBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { type Executor } from '../../platform/db.js';
import { AppError, invalidField } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { groupToday } from '../../platform/tenancy.js';
import { hashDeviceSecret, newDeviceSecret } from './ingestion/device-auth.js';
import { devices } from './iot.schema.js';

/**
 * Simulated devices for the device simulator: `<prefix>-0001`… transferred to a store. Existing
 * simulated devices of those serials get fresh secrets (`revoke` makes the old ones stop working at
 * once); a real device with such a serial is a conflict. Returns every serial with its secret (the
 * only time they are visible).
 */
export async function provisionDevices(db: Executor, ctx: Ctx, body: ProvisionDevicesBody, revoke: (serial: string) => void) {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, body.storeId), isNull(stores.deletedAt)));
  if (!store) throw invalidField('storeId', V.invalid);
  const today = await groupToday(db, store.groupId);
  const serials = Array.from({ length: body.count }, (_, i) => `${body.prefix}-${String(i + 1).padStart(4, '0')}`);
  const creds = serials.map((serial) => ({ serial, secret: newDeviceSecret() }));
  const out = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ serial: devices.serial, simulated: devices.simulated })
      .from(devices)
      .where(sql`${devices.serial} in (select value from json_array_elements_text(${JSON.stringify(serials)}::json))`);
    if (existing.some((e) => !e.simulated)) throw new AppError(409, 'iot.errors.serialTaken');
    const payload = JSON.stringify(creds.map((c) => ({ s: c.serial, h: hashDeviceSecret(c.secret) })));
    await tx.execute(sql`
      insert into devices (serial, group_id, store_id, transferred, transfer_date, secret_hash, simulated)
      select x.s, ${store.groupId}, ${store.id}, true, ${today}::date, x.h, true
        from json_to_recordset(${payload}::json) as x(s text, h text)
      on conflict (serial) do update set secret_hash = excluded.secret_hash, secret_rotated_at = now(), updated_at = now()`);
    await recordAction(tx, ctx, {
      entity: 'devices',
      action: 'provision',
      after: { prefix: body.prefix, count: body.count, storeId: store.id },
      groupId: store.groupId,
    });
    return { storeId: store.id, groupId: store.groupId, devices: creds };
  });
  for (const d of out.devices) revoke(d.serial);
  return out;
}
