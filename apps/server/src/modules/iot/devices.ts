import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { V, type CreateDeviceBody, type ProvisionDevicesBody, type RecycleDeviceBody, type TransferDeviceBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { AppError, conflict, invalidField, notFound } from '../../platform/errors.js';
import { insertAudited, recordAction } from '../../platform/audit.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { groupToday } from '../../platform/tenancy.js';
import { hashDeviceSecret, newDeviceSecret } from '../../iot/device-auth.js';
import { devices, deviceState, deviceTransfers, storeDevices } from './iot.schema.js';


const deviceColumns = {
  id: devices.id,
  serial: devices.serial,
  groupId: devices.groupId,
  groupName: storeGroups.name,
  storeId: devices.storeId,
  storeName: stores.name,
  transferred: devices.transferred,
  transferDate: devices.transferDate,
  recycleDate: devices.recycleDate,
  simulated: devices.simulated,
  remark: devices.remark,
  secretRotatedAt: devices.secretRotatedAt,
  lastSeenAt: deviceState.lastSeenAt,
  installed: sql<boolean>`exists (select 1 from store_devices sd where sd.device_id = ${devices.id} and sd.uninstall_date is null)`,
};

export type DeviceRow = Awaited<ReturnType<typeof getDevice>>;

/** Device screen (platform administrator): every device, platform stock and transferred. */
export async function listDevices(db: Executor, q: { page: number; pageSize: number; keyword?: string; transferred?: 'yes' | 'no'; groupId?: number }) {
  const where: (SQL | undefined)[] = [];
  if (q.keyword) where.push(ilike(devices.serial, likePattern(q.keyword)));
  if (q.transferred) where.push(eq(devices.transferred, q.transferred === 'yes'));
  if (q.groupId) where.push(eq(devices.groupId, q.groupId));
  const cond = and(...where);
  const items = await db
    .select(deviceColumns)
    .from(devices)
    .leftJoin(storeGroups, eq(storeGroups.id, devices.groupId))
    .leftJoin(stores, eq(stores.id, devices.storeId))
    .leftJoin(deviceState, eq(deviceState.deviceId, devices.id))
    .where(cond)
    .orderBy(asc(devices.serial))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(devices).where(cond)) as [{ total: number }];
  return { items, total, page: q.page, pageSize: q.pageSize };
}

export async function getDevice(db: Executor, id: number) {
  const [row] = await db
    .select(deviceColumns)
    .from(devices)
    .leftJoin(storeGroups, eq(storeGroups.id, devices.groupId))
    .leftJoin(stores, eq(stores.id, devices.storeId))
    .leftJoin(deviceState, eq(deviceState.deviceId, devices.id))
    .where(eq(devices.id, id));
  if (!row) throw notFound();
  return row;
}

/** Registers a device in platform stock; its secret is returned once. */
export async function createDevice(db: Executor, ctx: Ctx, body: CreateDeviceBody) {
  const secret = newDeviceSecret();
  const row = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.serial, body.serial));
    if (taken) throw conflict('feedback.error.duplicate', { field: 'serial' });
    return insertAudited(tx, ctx, devices, { serial: body.serial, remark: body.remark, secretHash: hashDeviceSecret(secret), groupId: null });
  });
  return { device: await getDevice(db, row.id), secret };
}

export async function updateDevice(db: Executor, ctx: Ctx, id: number, body: { remark: string | null }) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx.update(devices).set({ remark: body.remark, updatedAt: new Date() }).where(eq(devices.id, id)).returning();
    await recordAction(tx, ctx, { entity: 'devices', entityId: id, before, after, groupId: null });
  });
  return getDevice(db, id);
}

const activeInstall = (tx: Executor, deviceId: number) =>
  tx.select({ id: storeDevices.id }).from(storeDevices).where(and(eq(storeDevices.deviceId, deviceId), isNull(storeDevices.uninstallDate)));

/**
 * Transfers a device to a store of a store group (seed §5: the transfer date must not be later
 * than the recycle date, nor earlier than the device's last recycle). An installed device must be
 * uninstalled first.
 */
export async function transferDevice(db: Executor, ctx: Ctx, id: number, body: TransferDeviceBody) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (!before) throw notFound();
    const [store] = await tx.select().from(stores).where(and(eq(stores.id, body.storeId), isNull(stores.deletedAt)));
    if (!store || store.groupId !== body.groupId) throw invalidField('storeId', V.invalid);
    if ((await activeInstall(tx, id)).length > 0) throw conflict('iot.errors.deviceInstalled');
    if (before.recycleDate && !before.transferred && body.transferDate < before.recycleDate) throw invalidField('transferDate', V.dateOrder);
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
    await tx.insert(deviceTransfers).values({
      deviceId: id,
      kind: 'transfer',
      groupId: body.groupId,
      storeId: body.storeId,
      date: body.transferDate,
      userId: ctx.user.id,
      account: ctx.user.account,
      remark: body.remark,
    });
    await recordAction(tx, ctx, { entity: 'devices', entityId: id, action: 'transfer', before, after, groupId: body.groupId });
  });
  return getDevice(db, id);
}

/** Recycles a device back to platform stock (seed §5: not earlier than the transfer or the last uninstall date). */
export async function recycleDevice(db: Executor, ctx: Ctx, id: number, body: RecycleDeviceBody) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (!before) throw notFound();
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
    await tx.insert(deviceTransfers).values({
      deviceId: id,
      kind: 'recycle',
      groupId: before.groupId,
      storeId: before.storeId,
      date: body.recycleDate,
      userId: ctx.user.id,
      account: ctx.user.account,
      remark: body.remark,
    });
    await recordAction(tx, ctx, { entity: 'devices', entityId: id, action: 'recycle', before, after, groupId: before.groupId });
  });
  return getDevice(db, id);
}

/** Issues a new secret (shown once); the old one stops working at once on this instance. */
export async function rotateDeviceSecret(db: Executor, ctx: Ctx, id: number) {
  const secret = newDeviceSecret();
  const serial = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(devices)
      .set({ secretHash: hashDeviceSecret(secret), secretRotatedAt: new Date(), updatedAt: new Date() })
      .where(eq(devices.id, id))
      .returning();
    await recordAction(tx, ctx, { entity: 'devices', entityId: id, action: 'rotateSecret', before, after, groupId: before.groupId });
    return before.serial;
  });
  return { serial, secret };
}

export async function listTransfers(db: Executor, id: number) {
  const [d] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
  if (!d) throw notFound();
  return db
    .select({
      id: deviceTransfers.id,
      kind: deviceTransfers.kind,
      groupId: deviceTransfers.groupId,
      groupName: storeGroups.name,
      storeId: deviceTransfers.storeId,
      storeName: stores.name,
      date: deviceTransfers.date,
      account: deviceTransfers.account,
      remark: deviceTransfers.remark,
      at: deviceTransfers.at,
    })
    .from(deviceTransfers)
    .leftJoin(storeGroups, eq(storeGroups.id, deviceTransfers.groupId))
    .leftJoin(stores, eq(stores.id, deviceTransfers.storeId))
    .where(eq(deviceTransfers.deviceId, id))
    .orderBy(desc(deviceTransfers.id));
}

/**
 * Simulated devices for the device simulator: `<prefix>-0001`… transferred to a store. Existing
 * simulated devices of those serials get fresh secrets; a real device with such a serial is a
 * conflict. Returns every serial with its secret (the only time they are visible).
 */
export async function provisionDevices(db: Executor, ctx: Ctx, body: ProvisionDevicesBody) {
  const [store] = await db.select().from(stores).where(and(eq(stores.id, body.storeId), isNull(stores.deletedAt)));
  if (!store) throw invalidField('storeId', V.invalid);
  const today = await groupToday(db, store.groupId);
  const serials = Array.from({ length: body.count }, (_, i) => `${body.prefix}-${String(i + 1).padStart(4, '0')}`);
  const creds = serials.map((serial) => ({ serial, secret: newDeviceSecret() }));
  return db.transaction(async (tx) => {
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
}
