import { and, eq, isNull, sql } from 'drizzle-orm';
import { V, type RecycleDeviceBody, type TransferDeviceBody } from '@gasops/shared';
import { recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { type Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { stores } from '../../platform/platform.schema.js';
import { devices, deviceTransfers, storeDevices } from './iot.schema.js';
import { getDevice } from './list-devices.js';

const activeInstall = (tx: Executor, deviceId: number) =>
  tx
    .select({ id: storeDevices.id })
    .from(storeDevices)
    .where(and(eq(storeDevices.deviceId, deviceId), isNull(storeDevices.uninstallDate)));

/** The device, locked for the transfer or recycle. */
async function lockDevice(tx: Executor, id: number) {
  const [device] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  if (!device) throw notFound();
  return device;
}

type Move = {
  kind: 'transfer' | 'recycle';
  groupId: number | null;
  storeId: number | null;
  date: string;
  remark: string | null | undefined;
};

/** Records a transfer or recycle: the device's history row and the action log row (before/after the device). */
async function recordMove(tx: Executor, ctx: Ctx, id: number, move: Move, before: unknown, after: unknown) {
  await tx.insert(deviceTransfers).values({ deviceId: id, ...move, userId: ctx.user.id, account: ctx.user.account });
  await recordAction(tx, ctx, { entity: 'devices', entityId: id, action: move.kind, before, after, groupId: move.groupId });
}

/**
 * Transfers a device to a store of a store group (seed §5: the transfer date must not be later
 * than the recycle date, nor earlier than the device's last recycle). An installed device must be
 * uninstalled first.
 */
export async function transferDevice(db: Executor, ctx: Ctx, id: number, body: TransferDeviceBody) {
  await db.transaction(async (tx) => {
    const before = await lockDevice(tx, id);
    const [store] = await tx
      .select()
      .from(stores)
      .where(and(eq(stores.id, body.storeId), isNull(stores.deletedAt)));
    if (!store || store.groupId !== body.groupId) throw invalidField('storeId', V.invalid);
    if ((await activeInstall(tx, id)).length > 0) throw conflict('iot.errors.deviceInstalled');
    if (before.recycleDate && !before.transferred && body.transferDate < before.recycleDate)
      throw invalidField('transferDate', V.dateOrder);
    const [after] = await tx
      .update(devices)
      .set({
        groupId: body.groupId,
        storeId: body.storeId,
        transferred: true,
        transferDate: body.transferDate,
        recycleDate: body.recycleDate,
        updatedAt: new Date(),
      })
      .where(eq(devices.id, id))
      .returning();
    const move = { kind: 'transfer', groupId: body.groupId, storeId: body.storeId, date: body.transferDate, remark: body.remark } as const;
    await recordMove(tx, ctx, id, move, before, after);
  });
  return getDevice(db, id);
}

/** Recycles a device back to platform stock (seed §5: not earlier than the transfer or the last uninstall date). */
export async function recycleDevice(db: Executor, ctx: Ctx, id: number, body: RecycleDeviceBody) {
  await db.transaction(async (tx) => {
    const before = await lockDevice(tx, id);
    if (!before.transferred) throw conflict('iot.errors.notTransferred');
    if ((await activeInstall(tx, id)).length > 0) throw conflict('iot.errors.deviceInstalled');
    const [last] = await tx
      .select({ d: sql<string | null>`max(${storeDevices.uninstallDate})::text` })
      .from(storeDevices)
      .where(eq(storeDevices.deviceId, id));
    if ((before.transferDate && body.recycleDate < before.transferDate) || (last?.d && body.recycleDate < last.d)) {
      throw invalidField('recycleDate', V.recycleBeforeTransfer);
    }
    const [after] = await tx
      .update(devices)
      .set({ groupId: null, storeId: null, transferred: false, recycleDate: body.recycleDate, updatedAt: new Date() })
      .where(eq(devices.id, id))
      .returning();
    const move = {
      kind: 'recycle',
      groupId: before.groupId,
      storeId: before.storeId,
      date: body.recycleDate,
      remark: body.remark,
    } as const;
    await recordMove(tx, ctx, id, move, before, after);
  });
  return getDevice(db, id);
}
