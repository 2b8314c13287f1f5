import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DeviceRow, TransferTargets } from '@gasops/shared';
import { iso, isoNN } from '../../platform/columns.js';
import { type Executor } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { countAll, countedPage, type PageRequest } from '../../platform/paging.js';
import { storeGroups, stores } from '../../platform/platform.schema.js';
import { keywordFilter } from '../../platform/search.js';
import { devices, deviceState, deviceTransfers } from './iot.schema.js';

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

const selectDevices = (db: Executor) =>
  db
    .select(deviceColumns)
    .from(devices)
    .leftJoin(storeGroups, eq(storeGroups.id, devices.groupId))
    .leftJoin(stores, eq(stores.id, devices.storeId))
    .leftJoin(deviceState, eq(deviceState.deviceId, devices.id));

/** A device row as selected: its instants are Dates until they are answered. */
type DeviceDbRow = Omit<DeviceRow, 'secretRotatedAt' | 'lastSeenAt'> & { secretRotatedAt: Date; lastSeenAt: Date | null };

const toDeviceRow = (r: DeviceDbRow): DeviceRow => ({ ...r, secretRotatedAt: isoNN(r.secretRotatedAt), lastSeenAt: iso(r.lastSeenAt) });

/** Device screen (platform administrator): every device, platform stock and transferred. */
export async function listDevices(db: Executor, q: PageRequest & { keyword?: string; transferred?: 'yes' | 'no'; groupId?: number }) {
  const cond = and(
    keywordFilter(q.keyword, [devices.serial]),
    q.transferred ? eq(devices.transferred, q.transferred === 'yes') : undefined,
    q.groupId ? eq(devices.groupId, q.groupId) : undefined,
  );
  const rows = selectDevices(db).where(cond).orderBy(asc(devices.serial)).$dynamic();
  // The platform's devices: few enough to count exactly.
  return countedPage(q, rows, db.select({ total: countAll }).from(devices).where(cond), toDeviceRow);
}

export async function getDevice(db: Executor, id: number): Promise<DeviceRow> {
  const [row] = await selectDevices(db).where(eq(devices.id, id));
  if (!row) throw notFound();
  return toDeviceRow(row);
}

/** A device's transfers to stores and recycles back to platform stock, newest first. */
export async function listDeviceTransfers(db: Executor, id: number) {
  const [d] = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id));
  if (!d) throw notFound();
  const rows = await db
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
  return { items: rows.map((r) => ({ ...r, at: isoNN(r.at) })) };
}

/** Where a device can be transferred to: every store group with its stores, by name. */
export async function listTransferTargets(db: Executor): Promise<TransferTargets> {
  const groups = await db
    .select({ id: storeGroups.id, name: storeGroups.name })
    .from(storeGroups)
    .where(isNull(storeGroups.deletedAt))
    .orderBy(asc(storeGroups.name));
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, groupId: stores.groupId })
    .from(stores)
    .where(isNull(stores.deletedAt))
    .orderBy(asc(stores.name));
  return { groups: groups.map((g) => ({ ...g, stores: storeRows.filter((s) => s.groupId === g.id) })) };
}
