import { and, asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { V, type InstallDeviceBody, type StoreDeviceRow, type UninstallDeviceBody } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { likePattern, type Executor } from '../../platform/db.js';
import { conflict, invalidField, notFound } from '../../platform/errors.js';
import { recordAction } from '../../platform/audit.js';
import { stores } from '../../platform/platform.schema.js';
import { canTouchStore, storeFilter } from '../../platform/tenancy.js';
import { customers } from '../customers/customers.schema.js';
import { devices, deviceState, storeDevices } from './iot.schema.js';


/**
 * StoreDevice screen: the devices transferred to the caller's stores, each with its current (or
 * last) installation: customer, install/uninstall dates, residual gas and actual usage.
 */
export async function listStoreDevices(
  db: Executor,
  ctx: Ctx,
  q: { page: number; pageSize: number; keyword?: string; storeId?: number; installed?: 'yes' | 'no' },
): Promise<{ items: StoreDeviceRow[]; total: number; page: number; pageSize: number }> {
  const where: (SQL | undefined)[] = [eq(devices.transferred, true), storeFilter(ctx, devices.storeId, q.storeId)];
  if (q.keyword) {
    const p = likePattern(q.keyword);
    where.push(or(ilike(devices.serial, p), sql`exists (select 1 from store_devices x join customers c on c.id = x.customer_id
      where x.device_id = ${devices.id} and x.uninstall_date is null and c.name ilike ${p})`));
  }
  const installedExpr = sql`exists (select 1 from store_devices x where x.device_id = ${devices.id} and x.uninstall_date is null)`;
  if (q.installed === 'yes') where.push(installedExpr);
  if (q.installed === 'no') where.push(sql`not ${installedExpr}`);
  const cond = and(...where);
  const rows = (await db.execute(sql`
    select devices.id as "deviceId", devices.serial, devices.store_id as "storeId", s.name as "storeName", devices.transfer_date::text as "transferDate",
           sd.id as "storeDeviceId", sd.customer_id as "customerId", c.name as "customerName", c.address as "customerAddress",
           sd.install_date::text as "installDate", sd.uninstall_date::text as "uninstallDate",
           sd.capacity_grams as "capacityGrams", sd.tare_grams as "tareGrams",
           (sd.id is not null and sd.uninstall_date is null) as installed,
           case when sd.uninstall_date is not null then sd.residual_grams
                when sd.id is not null and ds.gross_grams is not null then greatest(0, ds.gross_grams - sd.tare_grams) end as "residualGrams",
           case when sd.uninstall_date is not null then sd.usage_grams
                when sd.id is not null then (select coalesce(sum(u.used_grams), 0)::int from device_usage_daily u
                                              where u.device_id = devices.id and u.day >= sd.install_date) end as "usageGrams",
           ds.last_seen_at as "lastSeenAt"
      from devices
      join stores s on s.id = devices.store_id
      left join lateral (select * from store_devices x where x.device_id = devices.id order by (x.uninstall_date is null) desc, x.id desc limit 1) sd on true
      left join customers c on c.id = sd.customer_id
      left join device_state ds on ds.device_id = devices.id
     where ${cond}
     order by devices.serial
     limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`)) as unknown as { rows: StoreDeviceDbRow[] };
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(devices).where(cond)) as [{ total: number }];
  return {
    items: rows.rows.map((r) => ({ ...r, lastSeenAt: r.lastSeenAt === null ? null : new Date(r.lastSeenAt).toISOString() })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** A row as the database answers it: the timestamp may come back as a Date (pg) or text (PGlite). */
type StoreDeviceDbRow = Omit<StoreDeviceRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null };

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
    return row!;
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
    const usage = (await tx.execute(
      sql`select coalesce(sum(used_grams), 0)::int as used from device_usage_daily where device_id = ${before.deviceId} and day >= ${before.installDate}::date`,
    )) as unknown as { rows: { used: number }[] };
    const used = usage.rows[0]?.used ?? 0;
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
    return after!;
  });
}

/** Customers of a store for the install form (id, name, address), searchable. */
export async function lookupCustomers(db: Executor, ctx: Ctx, q: { storeId: number; keyword?: string }) {
  if (!canTouchStore(ctx, q.storeId)) throw notFound();
  const where: (SQL | undefined)[] = [eq(customers.storeId, q.storeId)];
  if (q.keyword) {
    const p = likePattern(q.keyword);
    where.push(or(ilike(customers.name, p), ilike(customers.address, p), ilike(customers.phone, p)));
  }
  return db
    .select({ id: customers.id, name: customers.name, address: customers.address, phone: customers.phone })
    .from(customers)
    .innerJoin(stores, eq(stores.id, customers.storeId))
    .where(and(...where))
    .orderBy(asc(customers.name))
    .limit(50);
}
