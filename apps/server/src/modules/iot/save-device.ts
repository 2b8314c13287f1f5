import { eq } from 'drizzle-orm';
import type { CreateDeviceBody } from '@gasops/shared';
import { insertAudited, recordAction } from '../../platform/audit.js';
import type { Ctx } from '../../platform/context.js';
import { type Executor } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { hashDeviceSecret, newDeviceSecret } from './ingestion/device-auth.js';
import { devices } from './iot.schema.js';
import { getDevice } from './list-devices.js';

/** Registers a device in platform stock; its secret is returned once. */
export async function createDevice(db: Executor, ctx: Ctx, body: CreateDeviceBody) {
  const secret = newDeviceSecret();
  const row = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: devices.id }).from(devices).where(eq(devices.serial, body.serial));
    if (taken) throw conflict('feedback.error.duplicate', { field: 'serial' });
    return insertAudited(tx, ctx, devices, {
      serial: body.serial,
      remark: body.remark,
      secretHash: hashDeviceSecret(secret),
      groupId: null,
    });
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

/**
 * Issues a new secret (shown once). `revoke` (the IoT runtime's) makes the old one stop working at
 * once on this instance: cached credentials forgotten, MQTT connection dropped.
 */
export async function rotateDeviceSecret(db: Executor, ctx: Ctx, id: number, revoke: (serial: string) => void) {
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
  revoke(serial);
  return { serial, secret };
}
