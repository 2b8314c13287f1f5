import { and, eq, isNull, sql } from 'drizzle-orm';
import { V, type Installation, type InstallDeviceBody, type UninstallDeviceBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { canTouchStore } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { devices, deviceState, storeDevices } from './iot.schema.js';

/** An installation as the API answers it (instants as ISO 8601). */
const toInstallation = (r: typeof storeDevices.$inferSelect): Installation => ({
  ...r,
  createdAt: isoNN(r.createdAt),
  updatedAt: isoNN(r.updatedAt),
});

/** Installs a transferred device of the caller's store at one of that store's customers. */
export async function installDevice(db: Executor, ctx: Ctx, body: InstallDeviceBody) {
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(devices).where(eq(devices.id, body.deviceId)).for('update');
    if (!device || !device.transferred || device.storeId === null || !canTouchStore(ctx, device.storeId)) throw notFound();
    const [customer] = await tx.select().from(customers).where(eq(customers.id, body.customerId));
    if (!customer || customer.storeId !== device.storeId) throw invalidField('customerId', V.selectCustomer);
    if (device.transferDate && body.installDate < device.transferDate) throw invalidField('installDate', V.dateOrder);
    const [busy] = await tx
      .select({ id: storeDevices.id })
      .from(storeDevices)
      .where(and(eq(storeDevices.deviceId, device.id), isNull(storeDevices.uninstallDate)));
    if (busy) throw conflict('iot.errors.deviceInstalled');
    const capacityGrams = Math.round(body.capacityKg * 1000);
    const tareGrams = Math.round(body.tareKg * 1000);
    const [row] = await tx
      .insert(storeDevices)
      .values({
        groupId: device.groupId!,
        storeId: device.storeId,
        deviceId: device.id,
        customerId: customer.id,
        installDate: body.installDate,
        capacityGrams,
        tareGrams,
        remark: body.remark,
      })
      .returning();
    await recordAction(tx, ctx, { entity: 'store_devices', entityId: row!.id, action: 'install', after: row, groupId: row!.groupId });
    return toInstallation(row!);
  });
}

/**
 * Uninstalls: freezes the residual gas (latest gross − tare) and the actual usage over the
 * installation, and closes its open alerts.
 */
export async function uninstallDevice(db: Executor, ctx: Ctx, id: number, body: UninstallDeviceBody) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(storeDevices).where(eq(storeDevices.id, id)).for('update');
    if (!before || !canTouchStore(ctx, before.storeId)) throw notFound();
    if (before.uninstallDate) throw conflict('iot.errors.notInstalled');
    if (body.uninstallDate < before.installDate) throw invalidField('uninstallDate', V.dateOrder);
    const [state] = await tx.select({ gross: deviceState.grossGrams }).from(deviceState).where(eq(deviceState.deviceId, before.deviceId));
    const [usage] = rowsOfResult<{ used: number }>(
      await tx.execute(
        sql`select coalesce(sum(used_grams), 0)::int as used from device_usage_daily where device_id = ${before.deviceId} and day >= ${before.installDate}::date`,
      ),
    );
    const used = usage?.used ?? 0;
    const [after] = await tx
      .update(storeDevices)
      .set({
        uninstallDate: body.uninstallDate,
        residualGrams: state ? Math.max(0, state.gross - before.tareGrams) : null,
        usageGrams: Math.max(0, used),
        updatedAt: new Date(),
      })
      .where(eq(storeDevices.id, id))
      .returning();
    await tx.execute(sql`update iot_alerts set closed_at = now() where store_device_id = ${id} and closed_at is null`);
    await recordAction(tx, ctx, { entity: 'store_devices', entityId: id, action: 'uninstall', before, after, groupId: before.groupId });
    return toInstallation(after!);
  });
}
