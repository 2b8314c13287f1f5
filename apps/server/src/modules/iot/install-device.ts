import { and, eq, isNull, sql } from 'drizzle-orm';
import { V, type Installation, type InstallDeviceBody, type UninstallDeviceBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import { isoNN } from '../../platform/columns.js';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { canTouchStore, groupTimeZone, storeScope } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { devices, deviceState, storeDevices } from './iot.schema.js';

/** An installation as the API answers it (instants as ISO 8601). */
const toInstallation = ({ installedFrom: _from, uninstalledAt: _at, ...r }: typeof storeDevices.$inferSelect): Installation => ({
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
    // Its readings: those taken from the start of the install date (the store group's calendar),
    // never before the device's previous uninstall (a late reading of the previous household).
    const [from] = rowsOfResult<{ at: Date | string }>(
      await tx.execute(sql`
        select greatest(${body.installDate}::date::timestamp at time zone ${await groupTimeZone(tx, device.groupId!)},
                        (select max(coalesce(p.uninstalled_at, p.updated_at)) from store_devices p where p.device_id = ${device.id})) as at`),
    );
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
        installedFrom: new Date(from!.at),
        remark: body.remark,
      })
      .returning();
    await recordAction(tx, ctx, { entity: 'store_devices', entityId: row!.id, action: 'install', after: row, groupId: row!.groupId });
    return toInstallation(row!);
  });
}

/**
 * Uninstalls: freezes the residual gas (latest gross − tare, when the latest reading is this
 * installation's) and the actual usage over the installation, and closes its open alerts.
 * Readings received from then on belong to no installation until the device is installed again
 * (the device's state stops naming it: trigger of migration 0403).
 */
export async function uninstallDevice(db: Executor, ctx: Ctx, id: number, body: UninstallDeviceBody) {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ deviceId: storeDevices.deviceId })
      .from(storeDevices)
      .where(and(eq(storeDevices.id, id), storeScope(ctx, storeDevices.storeId)));
    if (!found) throw notFound();
    // The device's state row first, as ingestion locks it (then the installation): the residual is
    // frozen from its latest committed reading, and clearing its installation (the trigger of
    // migration 0403) cannot deadlock with a batch.
    const [state] = await tx
      .select({ gross: deviceState.grossGrams, storeDeviceId: deviceState.storeDeviceId })
      .from(deviceState)
      .where(eq(deviceState.deviceId, found.deviceId))
      .for('update');
    const [before] = await tx.select().from(storeDevices).where(eq(storeDevices.id, id)).for('update');
    if (!before || !canTouchStore(ctx, before.storeId)) throw notFound();
    if (before.uninstallDate) throw conflict('iot.errors.notInstalled');
    if (body.uninstallDate < before.installDate) throw invalidField('uninstallDate', V.dateOrder);
    const [usage] = rowsOfResult<{ used: number }>(
      await tx.execute(sql`select coalesce(sum(used_grams), 0)::int as used from device_usage_daily where store_device_id = ${id}`),
    );
    const used = usage?.used ?? 0;
    const [after] = await tx
      .update(storeDevices)
      .set({
        uninstallDate: body.uninstallDate,
        residualGrams: state && state.storeDeviceId === id ? Math.max(0, state.gross - before.tareGrams) : null,
        usageGrams: Math.max(0, used),
        uninstalledAt: sql`now()`,
        updatedAt: new Date(),
      })
      .where(eq(storeDevices.id, id))
      .returning();
    await tx.execute(sql`update iot_alerts set closed_at = now() where store_device_id = ${id} and closed_at is null`);
    await recordAction(tx, ctx, { entity: 'store_devices', entityId: id, action: 'uninstall', before, after, groupId: before.groupId });
    return toInstallation(after!);
  });
}
